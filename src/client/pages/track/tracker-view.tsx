/**
 * A repair's tracker: the stages with the time each was reached, the promised-ready date and its
 * changes with the reasons, the photos the shop shared, the shop's telephone as a call link and
 * the message box. The /track/{token} page (rendered by the server) and /account/repairs show it.
 */
import { useState, type FormEvent } from 'react';
import type { RepairTracker } from '#shared/schemas/repair-jobs.ts';
import { REPAIR_MESSAGE_MAX } from '#shared/limits.ts';
import { formatCalendarDate, formatDateTime } from '#shared/format/dates.ts';
import { formatPence } from '#shared/format/money.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { phoneHref } from '#client/lib/shop.ts';
import { firstError, fieldErrorsOf, messageOf } from '#client/lib/api-errors.ts';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import './tracker.css';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { PayNow } from '#client/components/pay-now.tsx';
import { TrackerEstimateLink } from './tracker-estimate-link.tsx';
import type { TrackerInsurance } from '#shared/schemas/insurance.ts';
import { LIABILITY_LABELS } from '#shared/value-sets.ts';
import { TrackerInvoiceLinks } from './tracker-invoice-links.tsx';

export interface TrackerViewProps {
  tracker: RepairTracker;
  /** Sends a message; resolves with the tracker as it stands after. */
  send: (message: string) => Promise<unknown>;
  /** Starts paying the balance online (Stripe Checkout); absent: no Pay now button. */
  pay?: () => Promise<{ checkout_url: string }>;
  headingLevel?: 2 | 3;
}

export function TrackerView({ tracker, send, pay, headingLevel = 2 }: TrackerViewProps) {
  const dates = useDateFormat();
  const H: 'h2' | 'h3' = headingLevel === 3 ? 'h3' : 'h2';
  const current = tracker.stages.find((s) => s.current);
  return (
    <div className="tracker" data-testid={`tracker-${tracker.reference}`}>
      <div className="tracker__summary">
        <p className="tracker__vehicle">
          <strong>{tracker.vehicle}</strong>
          {tracker.registration && <span className="tracker__registration">{tracker.registration}</span>}
        </p>
        <p>Reference {tracker.reference}</p>
        <p className="tracker__now">
          Now: <strong>{current?.name ?? '–'}</strong>
        </p>
        <p>
          {tracker.collected_at ? 'Collected on ' : 'Expected ready on '}
          <strong>
            {tracker.collected_at ? formatCalendarDate(tracker.collected_at.slice(0, 10)) : formatCalendarDate(tracker.promised_ready_on)}
          </strong>
        </p>
        <p className="tracker__work">{tracker.agreed_work}</p>
        {tracker.insurance && <TrackerInsuranceNote insurance={tracker.insurance} />}
      </div>
      {tracker.payment?.paid_ready_to_collect && (
        <p className="tracker__paid" data-testid="tracker-paid-ready">
          <strong>Paid, ready to collect</strong>
        </p>
      )}
      {tracker.payment && (
        <PayNow
          duePence={tracker.payment.due_pence}
          online={tracker.payment.online_payments && pay !== undefined}
          label="Pay now"
          dueLabel={tracker.insurance ? 'Your excess left to pay' : 'Left to pay'}
          start={pay ?? (() => Promise.reject(new Error('Online payments are off.')))}
        />
      )}
      <TrackerEstimateLink tracker={tracker} />
      <TrackerInvoiceLinks tracker={tracker} />

      <H className="tracker__heading">Progress</H>
      <ol className="tracker__stages">
        {tracker.stages.map((stage) => (
          <li
            key={stage.name}
            className={`tracker__stage${stage.reached_at ? ' is-reached' : ''}${stage.current ? ' is-current' : ''}`}
            aria-current={stage.current ? 'step' : undefined}
          >
            <span className="tracker__stage-name">{stage.name}</span>
            {stage.reached_at && <span className="tracker__stage-time">{formatDateTime(stage.reached_at, dates)}</span>}
          </li>
        ))}
      </ol>

      {tracker.date_changes.length > 0 && (
        <>
          <H className="tracker__heading">Changes to the ready date</H>
          <ul className="tracker__changes">
            {tracker.date_changes.map((change) => (
              <li key={change.changed_at}>
                {formatCalendarDate(change.old_date)} → <strong>{formatCalendarDate(change.new_date)}</strong>: {change.reason}
              </li>
            ))}
          </ul>
        </>
      )}

      {tracker.photos.length > 0 && (
        <>
          <H className="tracker__heading">Photos</H>
          <ul className="tracker__photos">
            {tracker.photos.map((photo) => (
              <li key={photo.id}>
                <a href={photo.url}>
                  <img
                    src={photo.thumb_url}
                    width={photo.thumb_width}
                    height={photo.thumb_height}
                    alt={`Progress photo, ${formatDateTime(photo.created_at, dates)}`}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}

      <H className="tracker__heading">Questions?</H>
      <p>
        Call us on <a href={phoneHref(tracker.shop_telephone)}>{tracker.shop_telephone}</a> or send us a message.
      </p>
      {tracker.messages.length > 0 && (
        <ul className="tracker__messages" aria-label="Messages">
          {tracker.messages.map((message) => (
            <li key={message.id} className={message.from === 'shop' ? 'tracker__message--shop' : undefined}>
              <span className="tracker__message-time">
                {formatDateTime(message.created_at, dates)} · {message.from === 'shop' ? 'The workshop' : 'You'}
              </span>{' '}
              <span className="tracker__message-body">{message.body}</span>
            </li>
          ))}
        </ul>
      )}
      <MessageForm send={send} />
    </div>
  );
}

/** The claim in words: who insures it, its number, fault or non-fault, the excess, and what is awaited while the insurer decides. */
function TrackerInsuranceNote({ insurance }: { insurance: TrackerInsurance }) {
  return (
    <div className="tracker__insurance" data-testid="tracker-insurance">
      <p>
        Insured with <strong>{insurance.insurer_name}</strong>, claim number <strong>{insurance.claim_number}</strong>: a{' '}
        <strong>{LIABILITY_LABELS[insurance.liability].toLowerCase()}</strong> claim.{' '}
        {insurance.excess_pence > 0 ? (
          <>
            Your excess to pay us: <strong>{formatPence(insurance.excess_pence)}</strong>.
          </>
        ) : (
          'There is no excess to pay.'
        )}
      </p>
      {insurance.awaiting_authority && (
        <p className="tracker__awaiting" data-testid="tracker-awaiting-authority">
          We are waiting for {insurance.insurer_name} to authorise the repair: they are checking our estimate and photos, and we start the
          work as soon as they agree it.
        </p>
      )}
    </div>
  );
}

function MessageForm({ send }: { send: (message: string) => Promise<unknown> }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  /** The message last sent, repeated in the confirmation once the box is emptied. */
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      await send(message);
      setMessage('');
      setSent(message.trim());
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = error ? firstError(fieldErrorsOf(error), 'message') : undefined;
  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="tracker__form" onSubmit={(event) => void submit(event)} noValidate>
      {sent !== null && (
        <ResultInView tone="success" trigger={sent}>
          Thank you: your message is with the workshop. You wrote: “{sent}”
        </ResultInView>
      )}
      {error !== null && !fieldError && (
        <ResultInView tone="error" trigger={error}>
          {messageOf(error)}
        </ResultInView>
      )}
      <TextAreaField
        label="Message to the workshop"
        name="message"
        value={message}
        onChange={setMessage}
        error={fieldError}
        maxLength={REPAIR_MESSAGE_MAX}
        rows={4}
        required
      />
      <Button type="submit" loading={busy}>
        Send message
      </Button>
    </form>
  );
}
