/** /account/repairs: the signed-in customer's repair jobs, each as its tracker (collected ones stay), a page at a time. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TrackerView } from '#client/pages/track/tracker-view.tsx';
import { ShowOlder, useOlderPages } from './older-pages.tsx';

export function RepairsPage() {
  const queryClient = useQueryClient();
  const repairs = useQuery(trpc.repairJobs.mine.queryOptions({}));
  const older = useOlderPages(repairs.data?.next_cursor, (cursor) => queryClient.fetchQuery(trpc.repairJobs.mine.queryOptions({ cursor })));
  const send = useMutation(
    trpc.repairJobs.sendMyMessage.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.repairJobs.mine.queryKey({}) }),
    }),
  );
  const checkout = useMutation(trpc.payments.myRepairCheckout.mutationOptions());
  return (
    <section className="card account-card">
      <h2 className="card__title">My repairs</h2>
      {repairs.isError && <Alert tone="error">{messageOf(repairs.error)}</Alert>}
      {repairs.isPending ? (
        <Spinner label="Loading your repairs…" />
      ) : repairs.data && repairs.data.data.length === 0 ? (
        <p>You have no repairs with us at the moment.</p>
      ) : (
        <>
          {[...(repairs.data?.data ?? []), ...older.older].map((tracker) => (
            <article key={tracker.id} className="account-repair">
              <TrackerView
                tracker={tracker}
                headingLevel={3}
                send={(message) => send.mutateAsync({ id: tracker.id, message })}
                pay={() => checkout.mutateAsync({ id: tracker.id })}
              />
            </article>
          ))}
          <ShowOlder pages={older} label="Show older repairs" />
        </>
      )}
    </section>
  );
}
