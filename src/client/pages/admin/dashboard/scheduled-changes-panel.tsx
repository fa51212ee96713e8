/**
 * The dashboard's scheduled changes: what will be published or reverted and when (on
 * the shop's clock), who scheduled it, Cancel; and the week's failures with their reason. Its own
 * query, not the dashboard's: cancelling refreshes only this panel.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ScheduledChange } from '#shared/schemas/versions.ts';
import { SCHEDULED_ACTION_LABELS } from '#shared/value-sets.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { DashboardPanel } from './dashboard-panel.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

/** The item's edit screen, inside the admin section. */
function itemHref(change: ScheduledChange): string {
  if (change.kind === 'widget') return screenHref('adminWidget', { id: change.item_id });
  return change.kind === 'testimonial' ? screenHref('adminTestimonials') : screenHref('adminShop');
}

function itemName(change: ScheduledChange): string {
  return change.item_label ?? (change.kind === 'shop' ? 'Shop details' : `A deleted ${change.kind}`);
}

export function ScheduledChangesPanel() {
  const dates = useDateFormat();
  const confirm = useConfirm();
  const changes = useQuery(trpc.versions.scheduledChanges.queryOptions({}));
  const cancel = useMutation(
    trpc.versions.cancelScheduledChange.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.versions.scheduledChanges.pathKey() }),
    }),
  );
  const pending = changes.data?.results.filter((change) => change.state === 'pending') ?? [];

  async function onCancel(changeId: number) {
    if (await confirm()) cancel.mutate({ id: changeId });
  }
  const failed = changes.data?.results.filter((change) => change.state === 'failed') ?? [];

  return (
    <DashboardPanel
      id="scheduled"
      title="Scheduled changes"
      count={changes.data ? pending.length : undefined}
      tone={failed.length ? 'attention' : 'normal'}
    >
      <ErrorSummary error={cancel.error} />
      {changes.isPending ? (
        <Spinner label="Loading scheduled changes…" />
      ) : changes.isError ? (
        <p className="admin-panel__empty">This could not be loaded. Reload the page to try again.</p>
      ) : (
        <>
          {pending.length === 0 ? (
            <p className="admin-panel__empty">Nothing scheduled.</p>
          ) : (
            <ul className="admin-panel__list">
              {pending.map((change) => (
                <li key={change.id}>
                  <span>
                    <Link href={itemHref(change)} className="admin-panel__item-link">
                      {itemName(change)}
                    </Link>
                    : {SCHEDULED_ACTION_LABELS[change.action].toLowerCase()}
                  </span>
                  <span className="admin-panel__meta">
                    {formatDateTime(change.run_at, dates)}
                    {change.scheduled_by && `, scheduled by ${change.scheduled_by}`}
                  </span>
                  <span>
                    <Button
                      variant="ghost"
                      loading={cancel.isPending && cancel.variables?.id === change.id}
                      onClick={() => void onCancel(change.id)}
                    >
                      Cancel<span className="visually-hidden"> the change to {itemName(change)}</span>
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {failed.length > 0 && (
            <>
              <h3 className="admin-panel__subtitle">Could not be made</h3>
              <ul className="admin-panel__list">
                {failed.map((change) => (
                  <li key={change.id}>
                    <span className="admin-panel__item">
                      {itemName(change)}: {SCHEDULED_ACTION_LABELS[change.action].toLowerCase()}
                    </span>
                    <span className="admin-panel__meta">
                      Due {formatDateTime(change.run_at, dates)}. {change.outcome}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </DashboardPanel>
  );
}
