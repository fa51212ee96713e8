/**
 * /admin/bin: galleries, testimonials and widgets deleted in the last BIN_KEEP_DAYS days (issue
 * 27, src/server/bin/). "Restore" brings one back whole (a gallery with its images); "Delete
 * forever" asks first and removes it with its files. Something restored or deleted meanwhile (in
 * another tab) is a 409 whose message is shown, and the list is read again.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDate, formatDateTime } from '#shared/format/dates.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { BinItem } from '#shared/schemas/bin.ts';
import { BIN_KIND_LABELS } from '#shared/value-sets.ts';

const describe = (item: BinItem) => `${BIN_KIND_LABELS[item.kind].toLowerCase()} “${item.name}”`;

export function BinPage() {
  const dates = useDateFormat();
  const confirm = useConfirm();
  const [message, flash] = useFlash(ADMIN_BANNER_MS);
  const list = useQuery(trpc.bin.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries();
  const restore = useMutation(trpc.bin.restore.mutationOptions({ onSettled: refresh }));
  const purge = useMutation(trpc.bin.delete.mutationOptions({ onSettled: refresh }));
  const busy = (m: typeof restore, item: BinItem) => m.isPending && m.variables?.kind === item.kind && m.variables.id === item.id;

  async function onPurge(item: BinItem) {
    if (!(await confirm())) return;
    purge.mutate({ kind: item.kind, id: item.id }, { onSuccess: () => flash(`The ${describe(item)} was deleted for good.`) });
  }

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Bin</h1>
      </div>
      {list.data && (
        <p className="admin-bin__when">
          Deleted galleries, testimonials and widgets stay here for {list.data.keepDays} days, then they are deleted for good.
        </p>
      )}
      {message && <Alert tone="success">{message}</Alert>}
      <ErrorSummary error={list.error ?? restore.error ?? purge.error} />
      {list.isPending ? (
        <Spinner label="Loading the bin…" />
      ) : list.data && list.data.data.length === 0 ? (
        <p>The bin is empty.</p>
      ) : (
        <ul className="admin-list" aria-busy={list.isFetching}>
          {list.data?.data.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="admin-list__item">
              <div className="admin-list__main">
                <h2 className="admin-list__title">
                  {BIN_KIND_LABELS[item.kind]}: {item.name}
                </h2>
                <p className="admin-bin__when">
                  Deleted {formatDateTime(item.deletedAt, dates)}
                  {item.deletedBy ? ` by ${item.deletedBy}` : ''}
                  {item.imageCount !== null ? ` · ${item.imageCount === 1 ? '1 image' : `${item.imageCount} images`}` : ''} · deleted for
                  good after {formatDate(item.purgeAfter, dates)}
                </p>
              </div>
              <div className="admin-list__actions">
                <Button
                  variant="secondary"
                  loading={busy(restore, item)}
                  onClick={() =>
                    restore.mutate({ kind: item.kind, id: item.id }, { onSuccess: () => flash(`The ${describe(item)} was restored.`) })
                  }
                  aria-label={`Restore ${describe(item)}`}
                >
                  Restore
                </Button>
                <Button
                  variant="quiet-danger"
                  loading={busy(purge, item)}
                  onClick={() => void onPurge(item)}
                  aria-label={`Delete forever: ${describe(item)}`}
                >
                  Delete forever
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
