/**
 * The booking's messages on its manage page: the thread the customer shares with the shop and a
 * box to write to the shop (the shared CustomerThread). The manage link opens this booking's thread
 * and no other (threads.manageThread).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CustomerThread } from '#client/components/customer-thread.tsx';
import { trpc } from '#client/lib/trpc.ts';

export function BookingThread({ token, timeZone }: { token: string; timeZone: string }) {
  const queryClient = useQueryClient();
  const thread = useQuery({ ...trpc.threads.manageThread.queryOptions({ token }), retry: false });
  const send = useMutation(
    trpc.threads.sendManageMessage.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.threads.manageThread.queryKey({ token }), data),
    }),
  );
  return (
    <div className="book__step booking-thread" aria-labelledby="booking-thread-heading" role="region">
      <h2 id="booking-thread-heading" className="book__step-title">
        Messages
      </h2>
      <CustomerThread
        thread={thread}
        send={(message) => send.mutateAsync({ token, message })}
        timeZone={timeZone}
        listLabel="Messages with the shop"
        empty="Any question about this booking? Write to us here and we will reply by e-mail."
        formClassName="book__form"
      />
    </div>
  );
}
