/**
 * The customer's message thread on the admin quote, booking and repair job pages: the messages
 * with their times at the shop and who wrote (the customer, or the staff member), a reply box the
 * customer receives by e-mail, and "Mark done". A customer without an e-mail address cannot be
 * written to: the panel says so instead of offering the box. Only staff who hold the threads
 * permission see it (a technician does not contact customers).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { useSession } from '#client/lib/session.tsx';
import { formatDateTime } from '#shared/format/dates.ts';
import { holdsPermission } from '#shared/permissions.ts';
import { REPAIR_MESSAGE_MAX } from '#shared/limits.ts';
import type { AdminThread, ThreadMessage } from '#shared/schemas/threads.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import './thread-panel.css';

export type ThreadMatter = 'quote' | 'booking' | 'repairJob';

/** The three procedures of each page's thread. */
function proceduresOf(matter: ThreadMatter) {
  const admin = trpc.threads.admin;
  if (matter === 'quote') return { read: admin.quoteThread, reply: admin.replyToQuote, done: admin.quoteThreadDone };
  if (matter === 'booking') return { read: admin.bookingThread, reply: admin.replyToBooking, done: admin.bookingThreadDone };
  return { read: admin.repairJobThread, reply: admin.replyToRepairJob, done: admin.repairJobThreadDone };
}

interface ThreadPanelProps {
  matter: ThreadMatter;
  id: number;
  /** Where the page already has its one filled button (the quote's answer), Send is a secondary one. */
  sendVariant?: 'primary' | 'secondary';
}

export function ThreadPanel(props: ThreadPanelProps) {
  const { user } = useSession();
  if (!holdsPermission(user, 'threads')) return null;
  return <ThreadPanelView {...props} />;
}

function ThreadPanelView({ matter, id, sendVariant = 'primary' }: ThreadPanelProps) {
  const procedures = proceduresOf(matter);
  const thread = useQuery(procedures.read.queryOptions({ id }));
  const key = procedures.read.queryKey({ id });
  const [older, setOlder] = useState<ThreadMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<number | null | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const onAnswer = async (answer: AdminThread) => {
    queryClient.setQueryData(key, answer);
    await queryClient.invalidateQueries({ queryKey: trpc.dashboard.get.pathKey() });
  };
  const done = useMutation(procedures.done.mutationOptions({ onSuccess: onAnswer }));

  const data = thread.data;
  const cursor = olderCursor === undefined ? (data?.next_before_id ?? null) : olderCursor;
  const loadOlder = async () => {
    if (cursor === null) return;
    setLoadingOlder(true);
    try {
      const page = await queryClient.fetchQuery(procedures.read.queryOptions({ id, before_id: cursor }));
      setOlder((list) => [...list, ...page.messages]);
      setOlderCursor(page.next_before_id);
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <section className="admin-section thread-panel" aria-labelledby={`thread-${matter}-heading`}>
      <div className="admin__heading">
        <h2 id={`thread-${matter}-heading`}>Messages with the customer</h2>
        {data && <span className="admin-badge">{data.awaiting_shop ? 'Waiting for you' : data.done_at ? 'Done' : 'Answered'}</span>}
      </div>
      <ErrorSummary error={thread.error} />
      {thread.isPending ? (
        <Spinner label="Loading the messages…" />
      ) : (
        data && (
          <>
            {cursor !== null && (
              <Button type="button" variant="secondary" loading={loadingOlder} onClick={() => void loadOlder()}>
                Show older messages
              </Button>
            )}
            <MessageList messages={[...data.messages, ...older].reverse()} customerName={data.customer_name} />
            {data.can_mail ? (
              <ReplyForm matter={matter} id={id} onAnswer={onAnswer} sendVariant={sendVariant} />
            ) : (
              <Alert tone="info">
                {data.customer_name} has no e-mail address, so a reply here cannot reach them. Please call them instead.
              </Alert>
            )}
            {data.messages.length > 0 && !data.done_at && (
              <div className="admin-form__actions">
                <ErrorSummary error={done.error} />
                <Button type="button" variant="secondary" loading={done.isPending} onClick={() => done.mutate({ id })}>
                  Mark done
                </Button>
              </div>
            )}
            {data.done_at && <p className="thread-panel__done">Marked done. A new message from the customer reopens it.</p>}
          </>
        )
      )}
    </section>
  );
}

function MessageList({ messages, customerName }: { messages: ThreadMessage[]; customerName: string }) {
  const dates = useDateFormat();
  if (messages.length === 0) return <p>No messages yet.</p>;
  return (
    <ol className="thread-panel__messages" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className={m.from === 'shop' ? 'thread-panel__message thread-panel__message--shop' : 'thread-panel__message'}>
          <p className="thread-panel__meta">
            <strong>{m.from === 'shop' ? (m.author_name ?? 'The shop') : `${customerName} (customer)`}</strong>,{' '}
            <time dateTime={m.created_at}>{formatDateTime(m.created_at, dates)}</time>
          </p>
          <p className="thread-panel__body">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

function ReplyForm({
  matter,
  id,
  onAnswer,
  sendVariant,
}: {
  matter: ThreadMatter;
  id: number;
  onAnswer: (answer: AdminThread) => Promise<void>;
  sendVariant: 'primary' | 'secondary';
}) {
  const procedures = proceduresOf(matter);
  const [message, setMessage] = useState('');
  /** How many replies were sent: each one a new confirmation, brought into view and focused. */
  const [sent, setSent] = useState(0);
  const reply = useMutation(
    procedures.reply.mutationOptions({
      onSuccess: async (answer) => {
        setMessage('');
        setSent((n) => n + 1);
        await onAnswer(answer);
      },
    }),
  );
  const formRef = useSubmitFocus(reply.status);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate({ id, message });
  };
  return (
    <form ref={formRef} method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-form" onSubmit={submit} noValidate>
      {/* Not in a modal, so the shared rule holds: the confirmation in view and focused (docs/decisions/result-in-view-after-submit.md). */}
      {sent > 0 && !reply.isPending && !reply.error && (
        <ResultInView tone="success" trigger={sent}>
          Sent: the customer is e-mailed your reply.
        </ResultInView>
      )}
      <ErrorSummary error={reply.error} fields={['message']} />
      <TextAreaField
        label="Reply to the customer"
        name="message"
        value={message}
        onChange={setMessage}
        rows={4}
        maxLength={REPAIR_MESSAGE_MAX}
        hint="The customer receives it by e-mail, with a link back to this conversation."
        error={firstError(fieldErrorsOf(reply.error), 'message')}
        required
      />
      <div className="admin-form__actions">
        <Button type="submit" variant={sendVariant} loading={reply.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}
