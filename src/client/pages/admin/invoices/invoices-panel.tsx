/**
 * The "Invoices" panel of a repair job's page: issue the job's VAT invoice from its accepted
 * estimate, list its invoices and credit notes (number, date, total, credited, due) with their PDFs,
 * and issue a credit note against an invoice that stands (in full, or an amount before VAT), with
 * its reason. Shown only to staff who hold the `invoices` permission (owners and estimators).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useSession } from '#client/lib/session.tsx';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { holdsPermission } from '#shared/permissions.ts';
import { formatPence, poundsTextToPence } from '#shared/format/money.ts';
import { formatDate } from '#shared/format/dates.ts';
import type { JobInvoices } from '#shared/schemas/invoices.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';

type Document = JobInvoices['documents'][number];

export function InvoicesPanel({ repairJobId }: { repairJobId: number }) {
  const { user } = useSession();
  if (!holdsPermission(user, 'invoices')) return null;
  return <Panel repairJobId={repairJobId} />;
}

function Panel({ repairJobId }: { repairJobId: number }) {
  const input = { id: repairJobId };
  const invoices = useQuery(trpc.invoices.admin.ofJob.queryOptions(input));
  const [done, setDone] = useState<string | null>(null);
  const onSuccess = (answer: JobInvoices) => {
    queryClient.setQueryData(trpc.invoices.admin.ofJob.queryKey(input), answer);
    const newest = [...answer.documents].sort((a, b) => b.id - a.id)[0];
    setDone(
      newest
        ? `${newest.series === 'CN' ? 'Credit note' : 'Invoice'} ${newest.display_number} issued: ${formatPence(newest.totals.gross_pence)}.`
        : null,
    );
  };
  const issue = useMutation(trpc.invoices.admin.issue.mutationOptions({ onSuccess }));
  const data = invoices.data;
  const live = data?.documents.filter((d) => d.series === 'INV' && d.credited_pence < d.totals.gross_pence) ?? [];
  return (
    <section className="admin-section invoices-panel" aria-labelledby="invoices-heading" data-testid="invoices-panel">
      <h2 id="invoices-heading">Invoices</h2>
      <ErrorSummary error={invoices.error} />
      {done && (
        <ResultInView tone="success" trigger={done}>
          {done}
        </ResultInView>
      )}
      {invoices.isPending ? (
        <Spinner label="Loading the invoices…" />
      ) : data ? (
        <>
          {data.documents.length === 0 ? <p>No invoice yet.</p> : <DocumentList documents={data.documents} />}
          {issue.error ? (
            <ResultInView tone="error" trigger={issue.error}>
              {firstError(fieldErrorsOf(issue.error), 'invoice') ?? 'The invoice could not be issued.'}
            </ResultInView>
          ) : null}
          {data.can_issue ? (
            <Button variant="secondary" loading={issue.isPending} onClick={() => issue.mutate(input)}>
              Issue the invoice
            </Button>
          ) : (
            data.cannot_issue_reason && <p className="invoices-panel__why">{data.cannot_issue_reason}</p>
          )}
          {live.map((invoice) => (
            <CreditNoteForm key={`${invoice.id}-${invoice.credited_pence}`} invoice={invoice} onSuccess={onSuccess} />
          ))}
        </>
      ) : null}
    </section>
  );
}

function DocumentList({ documents }: { documents: Document[] }) {
  const dates = useDateFormat();
  return (
    <ul className="invoices-panel__list" data-testid="invoice-documents">
      {documents.map((d) => (
        <li key={d.id}>
          {d.series === 'CN' ? 'Credit note' : 'Invoice'} {d.display_number}, {formatDate(d.issued_at, dates)}:{' '}
          {formatPence(d.totals.gross_pence)}
          {d.series === 'INV' && d.credited_pence > 0 ? ` (credited ${formatPence(d.credited_pence)})` : ''}
          {d.series === 'INV' ? `, due ${formatPence(d.due_pence)}` : d.reason ? `: ${d.reason}` : ''}{' '}
          <a href={d.pdf_path} download>
            Download {d.display_number} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}

function CreditNoteForm({ invoice, onSuccess }: { invoice: Document; onSuccess: (answer: JobInvoices) => void }) {
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const credit = useMutation(trpc.invoices.admin.creditNote.mutationOptions({ onSuccess }));
  const errors = fieldErrorsOf(credit.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    // Empty: the whole invoice (or, after a partial credit, the server says to state an amount).
    const pence = amount.trim() === '' ? undefined : poundsTextToPence(amount);
    if (pence === null || pence === 0) {
      setAmountError('The amount must be in pounds before VAT, such as 25 or 25.50.');
      return;
    }
    setAmountError(undefined);
    credit.mutate({
      id: invoice.id,
      reason,
      ...(pence === undefined ? {} : { net_pence: pence, vat_rate_bp: invoice.vat_registered ? 2000 : 0 }),
    });
  }
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-form"
      noValidate
      onSubmit={submit}
      aria-label={`Credit note against ${invoice.display_number}`}
    >
      <h3>Credit note against {invoice.display_number}</h3>
      <ErrorSummary error={credit.error} fields={['reason', 'net_pence']} />
      <TextAreaField
        label="Reason"
        name="reason"
        value={reason}
        onChange={setReason}
        error={firstError(errors, 'reason')}
        rows={2}
        required
      />
      <TextField
        label={
          invoice.vat_registered ? 'Amount before VAT (£), at 20% VAT; empty: the whole invoice' : 'Amount (£); empty: the whole invoice'
        }
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        error={amountError ?? firstError(errors, 'net_pence')}
      />
      <div className="admin-form__actions">
        <Button type="submit" variant="secondary" loading={credit.isPending}>
          Issue the credit note
        </Button>
      </div>
    </form>
  );
}
