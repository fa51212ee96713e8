/**
 * /track/{token}: the customer's private repair tracker. The server renders it per request from
 * the link's data (repair-jobs/tracker-page.route.ts: noindex, `Cache-Control: private, no-store`)
 * and the browser hydrates it from the same data; a link that does not open a job is the 404 page.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TrackerView } from './tracker-view.tsx';

export function TrackerPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const options = trpc.repairJobs.getTracker.queryOptions({ token });
  const tracker = useQuery({ ...options, retry: false });
  const send = useMutation(
    trpc.repairJobs.sendTrackerMessage.mutationOptions({ onSuccess: (updated) => queryClient.setQueryData(options.queryKey, updated) }),
  );
  const checkout = useMutation(trpc.payments.trackerCheckout.mutationOptions());
  return (
    <>
      <PageHeader title="Your repair" />
      <section className="section container">
        {tracker.isError && <Alert tone="error">{messageOf(tracker.error)}</Alert>}
        {tracker.isPending && <Spinner label="Loading your repair…" />}
        {tracker.data && (
          <TrackerView
            tracker={tracker.data}
            send={(message) => send.mutateAsync({ token, message })}
            pay={() => checkout.mutateAsync({ token })}
          />
        )}
      </section>
    </>
  );
}
