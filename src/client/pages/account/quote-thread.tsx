/**
 * A quote request's messages on /account/quotes: the thread the customer shares with the shop (the
 * quote's, which its bookings and its repair share), read only once it is opened, and a box to
 * write to the shop (the shared CustomerThread). The server answers only the signed-in customer's
 * own quotes (threads.mine).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CustomerThread } from '#client/components/customer-thread.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';

function ThreadBody({ quoteId, reference }: { quoteId: number; reference: string }) {
  const queryClient = useQueryClient();
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const thread = useQuery({ ...trpc.threads.mine.read.queryOptions({ id: quoteId }), retry: false });
  const send = useMutation(
    trpc.threads.mine.send.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.threads.mine.read.queryKey({ id: quoteId }), data),
    }),
  );
  return (
    <CustomerThread
      thread={thread}
      send={(message) => send.mutateAsync({ id: quoteId, message })}
      timeZone={timeZone}
      listLabel={`Messages about ${reference}`}
      empty="Any question about this quote? Write to us here and we will reply by e-mail."
      formClassName="account-quotes__thread-form"
    />
  );
}

/** One quote's thread, behind a disclosure: nothing is read until the customer opens it. */
export function QuoteThread({ quoteId, reference, vehicle }: { quoteId: number; reference: string; vehicle: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="account-quotes__thread" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Messages about {reference}: {vehicle}
      </summary>
      {open && <ThreadBody quoteId={quoteId} reference={reference} />}
    </details>
  );
}
