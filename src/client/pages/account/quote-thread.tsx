/**
 * A quote request's messages on /account/quotes: the thread the customer shares with the shop (the
 * quote's, which its bookings and its repair share), read only once it is opened, and a box to
 * write to the shop. After Send the result is brought into view (ResultInView). The server answers
 * only the signed-in customer's own quotes (threads.mine).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { REPAIR_MESSAGE_MAX } from '#shared/limits.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

function ThreadBody({ quoteId, reference }: { quoteId: number; reference: string }) {
  const queryClient = useQueryClient();
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const thread = useQuery({ ...trpc.threads.mine.read.queryOptions({ id: quoteId }), retry: false });
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(0);
  const send = useMutation(
    trpc.threads.mine.send.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.threads.mine.read.queryKey({ id: quoteId }), data);
        setMessage('');
        setSent((n) => n + 1);
      },
    }),
  );
  const fieldError = firstError(fieldErrorsOf(send.error), 'message');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ id: quoteId, message });
  };
  if (thread.isPending) return <Spinner label="Loading the messages…" />;
  if (thread.isError) return <p role="alert">{messageOf(thread.error)}</p>;
  const messages = [...thread.data.messages].reverse();
  return (
    <>
      {messages.length > 0 ? (
        <ol className="account-thread__messages" aria-label={`Messages about ${reference}`}>
          {messages.map((m) => (
            <li
              key={m.id}
              className={m.from === 'shop' ? 'account-thread__message account-thread__message--shop' : 'account-thread__message'}
            >
              <p className="account-thread__meta">
                <strong>{m.from === 'shop' ? (m.author_name ? `${m.author_name} at the shop` : 'The shop') : 'You'}</strong>,{' '}
                <time dateTime={m.created_at}>{formatDateTime(m.created_at, { timeZone })}</time>
              </p>
              <p className="account-thread__body">{m.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>Any question about this quote? Write to us here and we will reply by e-mail.</p>
      )}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="account-quotes__thread-form" onSubmit={submit} noValidate>
        {sent > 0 && !send.error && (
          <ResultInView tone="success" trigger={sent}>
            Thank you: your message is with the shop. We will reply by e-mail.
          </ResultInView>
        )}
        {send.error && !fieldError && (
          <ResultInView tone="error" trigger={send.error}>
            {messageOf(send.error)}
          </ResultInView>
        )}
        <TextAreaField
          label="Message to the shop"
          name="message"
          required
          rows={4}
          maxLength={REPAIR_MESSAGE_MAX}
          value={message}
          onChange={setMessage}
          error={fieldError}
        />
        <div>
          <Button type="submit" variant="secondary" loading={send.isPending}>
            Send message
          </Button>
        </div>
      </form>
    </>
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
