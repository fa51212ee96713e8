/**
 * The "Payments" panel of a repair job's page and a booking's: what is still due (the server's
 * figure: the balance, or the deposit), the payments (a job's include its booking's deposit) with their refunds, a counter payment (card machine, cash,
 * bank transfer) with its amount and note, and a refund of a payment with its reason, through
 * Stripe for an online payment or recorded by hand. Shown only to staff who hold the `payments`
 * permission (owners and estimators); the server refuses anyone else and any over-refund (422).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useSession } from '#client/lib/session.tsx';
import { useDateFormat } from '#client/lib/format-date.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { holdsPermission } from '#shared/permissions.ts';
import { formatPence, poundsTextToPence } from '#shared/format/money.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import type { Payment, PaymentsOfMatter } from '#shared/schemas/payments.ts';
import type { PaymentMethod } from '#shared/value-sets.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';

const METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Online (Stripe)',
  card_machine: 'Card machine',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
};
const COUNTER_METHODS = ['card_machine', 'cash', 'bank_transfer'] as const;
/** An amount that is not pounds goes as 0, so the server's range message sits next to the field. */
const penceOf = (text: string) => poundsTextToPence(text) ?? 0;

/** Whose payments: a repair job's or a booking's. */
export interface PaymentsMatter {
  matter: 'job' | 'booking';
  id: number;
}

export function PaymentsPanel(props: PaymentsMatter) {
  const { user } = useSession();
  if (!holdsPermission(user, 'payments')) return null;
  return <Panel {...props} />;
}

function listOptions({ matter, id }: PaymentsMatter) {
  return matter === 'job' ? trpc.payments.admin.ofJob.queryOptions({ id }) : trpc.payments.admin.ofBooking.queryOptions({ id });
}

function Panel(props: PaymentsMatter) {
  const options = listOptions(props);
  const list = useQuery(options);
  const [result, setResult] = useState<string | null>(null);
  const done = (message: string) => async (answer?: PaymentsOfMatter) => {
    if (answer) queryClient.setQueryData(options.queryKey, answer);
    else await queryClient.invalidateQueries({ queryKey: options.queryKey });
    await queryClient.invalidateQueries({ queryKey: trpc.repairJobs.admin.board.queryKey() });
    setResult(message);
  };
  return (
    <section className="admin-section payments-panel" aria-labelledby="payments-heading" data-testid="payments-panel">
      <h2 id="payments-heading">Payments</h2>
      <ErrorSummary error={list.error} />
      {result && (
        <ResultInView tone="success" trigger={result}>
          {result}
        </ResultInView>
      )}
      {list.isPending ? (
        <Spinner label="Loading the payments…" />
      ) : list.data ? (
        <>
          <p data-testid="payments-due">
            Still due: <strong>{formatPence(list.data.due_pence)}</strong>
          </p>
          {list.data.payments.length === 0 ? (
            <p>No payments yet.</p>
          ) : (
            <ul className="admin-list">
              {list.data.payments.map((p) => (
                <PaymentRow key={p.id} payment={p} onRefunded={done('Refund recorded.')} />
              ))}
            </ul>
          )}
          <CounterPaymentForm matter={props} onRecorded={done('Payment recorded.')} />
        </>
      ) : null}
    </section>
  );
}

function PaymentRow({ payment, onRefunded }: { payment: Payment; onRefunded: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const dates = useDateFormat();
  return (
    <li className="admin-list__item" data-testid={`payment-${payment.id}`}>
      <p className="admin-list__title">
        {formatPence(payment.amount_pence)} · {METHOD_LABELS[payment.method]} · {payment.purpose} · {payment.status}
      </p>
      <p className="admin-list__text">
        {payment.paid_at ? `Paid ${formatDateTime(payment.paid_at, dates)}` : `Started ${formatDateTime(payment.created_at, dates)}`}
        {payment.note ? `. ${payment.note}` : ''}
      </p>
      {payment.refunds.length > 0 && (
        <ul>
          {payment.refunds.map((r) => (
            <li key={r.id}>
              Refund {formatPence(r.amount_pence)} ({r.method === 'stripe' ? 'through Stripe' : 'by hand'}, {r.status}): {r.reason}
            </li>
          ))}
        </ul>
      )}
      {payment.refundable_pence > 0 &&
        (open ? (
          <RefundForm payment={payment} onDone={() => onRefunded().then(() => setOpen(false))} onCancel={() => setOpen(false)} />
        ) : (
          <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Refund the ${formatPence(payment.amount_pence)} payment`}>
            Refund
          </Button>
        ))}
    </li>
  );
}

function RefundForm({ payment, onDone, onCancel }: { payment: Payment; onDone: () => Promise<void>; onCancel: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<'stripe' | 'manual'>(payment.method === 'stripe' ? 'stripe' : 'manual');
  const refund = useMutation(trpc.payments.admin.refund.mutationOptions({ onSuccess: () => onDone() }));
  const errors = refund.isError ? fieldErrorsOf(refund.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate({ id: payment.id, amount_pence: penceOf(amount), reason, method });
  };
  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-setup__form" noValidate onSubmit={submit}>
      <ErrorSummary error={refund.error} fields={['amount_pence', 'reason', 'method']} />
      <p>Up to {formatPence(payment.refundable_pence)} is left to refund.</p>
      <div className="admin-setup__row">
        <TextField
          label="Refund (£)"
          name={`refund-amount-${payment.id}`}
          inputMode="decimal"
          required
          value={amount}
          onChange={setAmount}
          error={firstError(errors, 'amount_pence')}
        />
        <TextField
          label="Reason"
          name={`refund-reason-${payment.id}`}
          required
          value={reason}
          onChange={setReason}
          error={firstError(errors, 'reason')}
        />
        {payment.method === 'stripe' && (
          <SelectField
            label="How"
            name={`refund-method-${payment.id}`}
            value={method}
            onChange={(v) => setMethod(v === 'manual' ? 'manual' : 'stripe')}
            options={[
              { value: 'stripe', label: 'Through Stripe' },
              { value: 'manual', label: 'Given back by hand' },
            ]}
            error={firstError(errors, 'method')}
          />
        )}
      </div>
      <div className="admin-list__actions">
        <Button type="submit" loading={refund.isPending}>
          Refund
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CounterPaymentForm({ matter, onRecorded }: { matter: PaymentsMatter; onRecorded: (answer: PaymentsOfMatter) => Promise<void> }) {
  const [method, setMethod] = useState<(typeof COUNTER_METHODS)[number]>('card_machine');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const onSuccess = async (answer: PaymentsOfMatter) => {
    setAmount('');
    setNote('');
    await onRecorded(answer);
  };
  const onJob = useMutation(trpc.payments.admin.recordJobPayment.mutationOptions({ onSuccess }));
  const onBooking = useMutation(trpc.payments.admin.recordBookingPayment.mutationOptions({ onSuccess }));
  const record = matter.matter === 'job' ? onJob : onBooking;
  const errors = record.isError ? fieldErrorsOf(record.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({ id: matter.id, method, amount_pence: penceOf(amount), note });
  };
  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-setup__form" noValidate onSubmit={submit}>
      <h3>Record a payment at the counter</h3>
      <ErrorSummary error={record.error} fields={['method', 'amount_pence', 'note']} />
      <div className="admin-setup__row">
        <SelectField
          label="How"
          name="payment-method"
          value={method}
          onChange={(v) => setMethod(COUNTER_METHODS.find((m) => m === v) ?? 'card_machine')}
          options={COUNTER_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
          error={firstError(errors, 'method')}
        />
        <TextField
          label="Amount (£)"
          name="payment-amount"
          inputMode="decimal"
          required
          value={amount}
          onChange={setAmount}
          error={firstError(errors, 'amount_pence')}
        />
        <TextField label="Note" name="payment-note" value={note} onChange={setNote} error={firstError(errors, 'note')} />
      </div>
      <Button type="submit" loading={record.isPending}>
        Record payment
      </Button>
    </form>
  );
}
