/**
 * The customer's side of a message thread with the shop: the messages, newest last (the shop's
 * replies with who wrote, times at the shop), and a box to write to the shop. After Send the
 * confirmation, else the failure with no field, is brought into view and focused (ResultInView);
 * a refusal of the message is beside the box. The booking's manage page and the account's quotes
 * page show it; each passes its own read and send, its list's name and its empty words.
 */
import { useState, type FormEvent } from 'react';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { REPAIR_MESSAGE_MAX } from '#shared/limits.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import type { ThreadPage } from '#shared/schemas/threads.ts';
import './customer-thread.css';

export interface CustomerThreadProps {
  /** The thread as read so far (a query's state). */
  thread: { isPending: boolean; isError: boolean; error: unknown; data: ThreadPage | undefined };
  /** Sends a message; the caller keeps the thread it answers. */
  send: (message: string) => Promise<unknown>;
  timeZone: string;
  /** The list's accessible name: "Messages with the shop". */
  listLabel: string;
  /** Shown when there is no message yet. */
  empty: string;
  formClassName: string;
}

export function CustomerThread({ thread, send, timeZone, listLabel, empty, formClassName }: CustomerThreadProps) {
  if (thread.isPending) return <Spinner label="Loading the messages…" />;
  if (thread.isError) return <p role="alert">{messageOf(thread.error)}</p>;
  const messages = [...(thread.data?.messages ?? [])].reverse();
  return (
    <>
      {messages.length > 0 ? (
        <ol className="customer-thread__messages" aria-label={listLabel}>
          {messages.map((m) => (
            <li
              key={m.id}
              className={m.from === 'shop' ? 'customer-thread__message customer-thread__message--shop' : 'customer-thread__message'}
            >
              <p className="customer-thread__meta">
                <strong>{m.from === 'shop' ? (m.author_name ? `${m.author_name} at the shop` : 'The shop') : 'You'}</strong>,{' '}
                <time dateTime={m.created_at}>{formatDateTime(m.created_at, { timeZone })}</time>
              </p>
              <p className="customer-thread__body">{m.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{empty}</p>
      )}
      <MessageBox send={send} className={formClassName} />
    </>
  );
}

function MessageBox({ send, className }: { send: CustomerThreadProps['send']; className: string }) {
  const [message, setMessage] = useState('');
  /** How many messages were sent: each new one is a new confirmation to bring into view. */
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send(message);
      setMessage('');
      setSent((n) => n + 1);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = error ? firstError(fieldErrorsOf(error), 'message') : undefined;
  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className={className} onSubmit={(event) => void submit(event)} noValidate>
      {sent > 0 && error === null && !busy && (
        <ResultInView tone="success" trigger={sent}>
          Thank you: your message is with the shop. We will reply by e-mail.
        </ResultInView>
      )}
      {error !== null && !fieldError && (
        <ResultInView tone="error" trigger={error}>
          {messageOf(error)}
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
        <Button type="submit" variant="secondary" loading={busy}>
          Send message
        </Button>
      </div>
    </form>
  );
}
