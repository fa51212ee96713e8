/**
 * /admin/bin: galleries, testimonials and widgets deleted in the last BIN_KEEP_DAYS days (issue
 * 27, src/server/bin/). "Restore" brings one back whole (a gallery with its images); "Delete
 * forever" asks first and removes it with its files. The bin comes a page at a time ("Show more"). Something restored or deleted meanwhile (in
 * another tab) is a 409 whose message is shown, and the list is read again. The items are a
 * CardTable like the other admin lists, so they become labelled cards on phones.
 */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDate, formatDateTime } from '#shared/format/dates.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CardTable } from '#client/components/admin/card-table.tsx';
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
  const list = useInfiniteQuery(trpc.bin.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }));
  const first = list.data?.pages[0];
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
      {first && (
        <p className="admin-bin__when">
          Deleted galleries, testimonials and widgets stay here for {first.keep_days} days, then they are deleted for good.
        </p>
      )}
      {message && <Alert tone="success">{message}</Alert>}
      <ErrorSummary error={list.error ?? restore.error ?? purge.error} />
      <CardTable
        label="Bin"
        rows={list.data?.pages.flatMap((page) => page.data)}
        rowKey={(item) => `${item.kind}-${item.id}`}
        loading={list.isPending}
        loadingLabel="Loading the bin…"
        empty={<p>The bin is empty.</p>}
        busy={list.isFetching}
        columns={[
          { header: 'Item', rowHeader: true, cell: (item) => `${BIN_KIND_LABELS[item.kind]}: ${item.name}` },
          {
            header: 'Deleted',
            cell: (item) => `${formatDateTime(item.deleted_at, dates)}${item.deleted_by ? ` by ${item.deleted_by}` : ''}`,
          },
          {
            header: 'Images',
            cell: (item) => (item.image_count === null ? '' : item.image_count === 1 ? '1 image' : `${item.image_count} images`),
          },
          { header: 'Deleted for good after', cell: (item) => formatDate(item.purge_after, dates) },
          {
            header: 'Actions',
            cell: (item) => (
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
            ),
          },
        ]}
      />
      {list.hasNextPage && (
        <div className="admin-list__more">
          <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Show more<span className="visually-hidden"> of the bin</span>
          </Button>
        </div>
      )}
    </>
  );
}
