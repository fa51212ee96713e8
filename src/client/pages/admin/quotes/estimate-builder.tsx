/**
 * The itemised estimate on a quote request's admin screen: lines of parts, labour (hours at the
 * shop's rate), paint and materials and sundries, each with its VAT rate; the figures worked out
 * as they are typed by the one money module (shared/money/estimate-totals.ts), the same the server
 * uses. "Save the estimate draft" keeps the lines; "Send the estimate" freezes the draft as a version and
 * e-mails the link. After a version was sent, changing the lines starts a supplement.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { estimateTotals, formatAmount } from '#shared/money/estimate-totals.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import type { AdminEstimate, EstimateVersion } from '#shared/schemas/estimates.ts';
import { ESTIMATE_LINE_KINDS, type EstimateLineKind } from '#shared/value-sets.ts';

const KIND_OPTIONS: { value: EstimateLineKind; label: string }[] = [
  { value: 'part', label: 'Part' },
  { value: 'labour', label: 'Labour (hours)' },
  { value: 'paint_materials', label: 'Paint and materials' },
  { value: 'sundries', label: 'Sundries' },
];
const VAT_OPTIONS = [
  { value: '2000', label: 'Standard 20%' },
  { value: '0', label: 'Zero-rated 0%' },
];

interface DraftLine {
  kind: EstimateLineKind;
  description: string;
  /** As typed: a count, or hours such as 1.5 for labour. */
  quantity: string;
  /** As typed, in pounds ex VAT (labour: taken from the shop's rate). */
  price: string;
  vat: string;
}

/** "12.5" → 1250; "" or nonsense → null. Whole pence or hundredths only, never a float sum. */
function hundredths(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
const penceText = (pence: number) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

function toDraftLines(version: EstimateVersion | undefined): DraftLine[] {
  return (version?.lines ?? []).map((l) => ({
    kind: l.kind,
    description: l.description,
    quantity: l.kind === 'labour' ? penceText(l.quantity) : String(l.quantity),
    price: penceText(l.unit_price_pence),
    vat: String(l.vat_rate_bp),
  }));
}

function toInputLines(lines: DraftLine[], labourRate: number) {
  return lines.map((l) => ({
    kind: l.kind,
    description: l.description,
    quantity: (l.kind === 'labour' ? hundredths(l.quantity) : /^\d+$/.test(l.quantity.trim()) ? Number(l.quantity) : null) ?? 0,
    unit_price_pence: l.kind === 'labour' ? labourRate : (hundredths(l.price) ?? -1),
    vat_rate_bp: Number(l.vat),
  }));
}

export function EstimateBuilder({ quoteId }: { quoteId: number }) {
  const estimate = useQuery(trpc.estimates.admin.get.queryOptions({ id: quoteId }));
  if (estimate.isPending) return <Spinner label="Loading the estimate…" />;
  if (!estimate.data) return null;
  return <Builder data={estimate.data} />;
}

function Builder({ data }: { data: AdminEstimate }) {
  const dates = useDateFormat();
  const versions = data.estimate?.versions ?? [];
  const draft = versions.find((v) => v.status === 'draft');
  const latest = versions.at(-1);
  const [lines, setLines] = useState<DraftLine[]>(() => toDraftLines(draft ?? latest));
  const [notes, setNotes] = useState(draft?.notes ?? latest?.notes ?? '');
  const [notice, setNotice] = useState('');
  const key = trpc.estimates.admin.get.queryKey({ id: data.quote_request_id });
  const labourRate = data.settings.labour_rate_pence;
  useEffect(() => setNotice(''), [lines, notes]);

  const save = useMutation(
    trpc.estimates.admin.saveDraft.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(key, answer);
        setNotice('Draft saved.');
      },
    }),
  );
  const send = useMutation(
    trpc.estimates.admin.send.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(key, answer);
        setNotice('Sent to the customer.');
      },
    }),
  );
  const errors = fieldErrorsOf(save.error ?? send.error);
  const input = toInputLines(lines, labourRate);
  const vatRegistered = data.settings.vat_registered;
  const totals = estimateTotals(
    input.map((l) => ({
      ...l,
      quantity: Math.max(0, l.quantity),
      unit_price_pence: Math.max(0, l.unit_price_pence),
      vat_rate_bp: vatRegistered ? l.vat_rate_bp : 0,
    })),
  );

  const change = (index: number, patch: Partial<DraftLine>) => setLines((all) => all.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  function submitSave(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id: data.quote_request_id, notes, lines: input });
  }
  async function saveAndSend() {
    try {
      await save.mutateAsync({ id: data.quote_request_id, notes, lines: input });
    } catch {
      return; // the save's errors are shown with the form
    }
    send.mutate({ id: data.quote_request_id });
  }

  return (
    <section className="admin-section" aria-labelledby="estimate-heading">
      <h2 id="estimate-heading">Itemised estimate</h2>
      <p>
        Labour at {formatAmount(labourRate)} an hour;{' '}
        {vatRegistered ? `VAT number ${data.settings.vat_number}` : 'not VAT-registered: no VAT is charged'}.
      </p>
      {versions.some((v) => v.status !== 'draft') && (
        <ol aria-label="Versions sent" className="admin-estimate__versions">
          {versions
            .filter((v) => v.status !== 'draft')
            .map((v) => (
              <li key={v.id}>
                Version {v.number}: {formatAmount(v.totals.gross_pence)}, {v.status}
                {v.sent_at ? `, sent ${formatDateTime(v.sent_at, dates)}` : ''}
                {v.accepted_name ? `, accepted by ${v.accepted_name}` : ''}
                {v.decline_reason ? ` (${v.decline_reason})` : ''}
              </li>
            ))}
        </ol>
      )}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-form" onSubmit={submitSave} noValidate>
        {notice && <Alert tone="success">{notice}</Alert>}
        <ErrorSummary error={save.error ?? send.error} fields={['lines', 'notes']} />
        {lines.map((line, index) => (
          <fieldset key={index} className="admin-estimate__line">
            <legend>Line {index + 1}</legend>
            <SelectField
              label="Kind"
              name={`kind-${index}`}
              value={line.kind}
              onChange={(v) => change(index, { kind: ESTIMATE_LINE_KINDS.find((k) => k === v) ?? 'part' })}
              options={KIND_OPTIONS}
              error={firstError(errors, `lines.${index}.kind`)}
            />
            <TextField
              label="Description"
              name={`description-${index}`}
              value={line.description}
              onChange={(v) => change(index, { description: v })}
              error={firstError(errors, `lines.${index}.description`)}
            />
            <TextField
              label={line.kind === 'labour' ? 'Hours' : 'Quantity'}
              name={`quantity-${index}`}
              value={line.quantity}
              inputMode="decimal"
              onChange={(v) => change(index, { quantity: v })}
              error={firstError(errors, `lines.${index}.quantity`)}
            />
            {line.kind !== 'labour' && (
              <TextField
                label="Unit price (£, ex VAT)"
                name={`price-${index}`}
                value={line.price}
                inputMode="decimal"
                onChange={(v) => change(index, { price: v })}
                error={firstError(errors, `lines.${index}.unit_price_pence`)}
              />
            )}
            {vatRegistered && (
              <SelectField
                label="VAT"
                name={`vat-${index}`}
                value={line.vat}
                onChange={(v) => change(index, { vat: v })}
                options={VAT_OPTIONS}
              />
            )}
            <p>
              {formatAmount(totals.lines[index]?.gross_pence ?? 0)}
              {vatRegistered ? ' including VAT' : ''}
            </p>
            <button type="button" className="btn btn--link" onClick={() => setLines((all) => all.filter((_, i) => i !== index))}>
              Remove line {index + 1}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setLines((all) => [...all, { kind: 'part', description: '', quantity: '1', price: '', vat: '2000' }])}
        >
          Add a line
        </button>
        <TextAreaField
          label="Note to the customer"
          name="notes"
          value={notes}
          onChange={setNotes}
          rows={3}
          error={firstError(errors, 'notes')}
        />
        <dl className="admin-estimate__totals">
          <dt>Net</dt>
          <dd>{formatAmount(totals.net_pence)}</dd>
          <dt>VAT</dt>
          <dd>{formatAmount(totals.vat_pence)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{formatAmount(totals.gross_pence)}</strong>
          </dd>
        </dl>
        <div className="admin-form__actions">
          <Button type="submit" variant="secondary" loading={save.isPending}>
            Save the estimate draft
          </Button>
          <Button type="button" loading={send.isPending} onClick={() => void saveAndSend()}>
            {versions.some((v) => v.status !== 'draft') ? 'Send the updated estimate' : 'Send the estimate'}
          </Button>
        </div>
      </form>
    </section>
  );
}
