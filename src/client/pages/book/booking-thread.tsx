/**
 * The booking's messages on its manage page: the thread the customer shares with the shop (the
 * shop's replies with who wrote, times at the shop), and a box to write to the shop. The manage
 * link opens this booking's thread and no other (threads.manageThread).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { trpc } from '#client/lib/trpc.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { REPAIR_MESSAGE_MAX } from '#shared/limits.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function BookingThread({ token, timeZone }: { token: string; timeZone: string }) {
  const queryClient = useQueryClient();
  const thread = useQuery({ ...trpc.threads.manageThread.queryOptions({ token }), retry: false });
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  const send = useMutation(
    trpc.threads.sendManageMessage.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.threads.manageThread.queryKey({ token }), data);
        setMessage('');
        setSent(true);
      },
    }),
  );
  // What just happened is brought into view: the confirmation after Send, the field's error otherwise.
  useEffect(() => {
    if (sent) status.current?.scrollIntoView({ block: 'nearest' });
  }, [sent]);
  const fieldError = firstError(fieldErrorsOf(send.error), 'message');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    send.mutate({ token, message });
  };
  const messages = [...(thread.data?.messages ?? [])].reverse();
  return (
    <div className="book__step booking-thread" aria-labelledby="booking-thread-heading" role="region">
      <h2 id="booking-thread-heading" className="book__step-title">
        Messages
      </h2>
      {messages.length > 0 ? (
        <ol className="booking-thread__messages" aria-label="Messages with the shop">
          {messages.map((m) => (
            <li
              key={m.id}
              className={m.from === 'shop' ? 'booking-thread__message booking-thread__message--shop' : 'booking-thread__message'}
            >
              <p className="booking-thread__meta">
                <strong>{m.from === 'shop' ? (m.author_name ? `${m.author_name} at the shop` : 'The shop') : 'You'}</strong>,{' '}
                <time dateTime={m.created_at}>{formatDateTime(m.created_at, { timeZone })}</time>
              </p>
              <p className="booking-thread__body">{m.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>Any question about this booking? Write to us here and we will reply by e-mail.</p>
      )}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="book__form" onSubmit={submit} noValidate>
        <div ref={status} role="status" tabIndex={-1}>
          {sent && <Alert tone="success">Thank you: your message is with the shop. We will reply by e-mail.</Alert>}
        </div>
        {send.error && !fieldError && <Alert tone="error">{messageOf(send.error)}</Alert>}
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
    </div>
  );
}
