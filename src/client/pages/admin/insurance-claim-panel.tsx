/**
 * The "Insurance" panel of a quote request's and a repair job's page: mark the work insured (an
 * insurer from the shop's list, the claim number, fault or non-fault, the excess in pounds), record
 * the insurer's authority (amount and date), remove the claim, and download the insurer pack and
 * the estimate PDF. A job opened from an insured quote shows the quote's claim. Shown only to staff
 * who hold the `insurance` permission (owners and estimators).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useSession } from '#client/lib/session.tsx';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { holdsPermission } from '#shared/permissions.ts';
import { formatPence, poundsTextToPence } from '#shared/format/money.ts';
import { formatCalendarDate } from '#shared/format/dates.ts';
import type { ClaimMatter, ClaimOfMatter, InsuranceClaim } from '#shared/schemas/insurance.ts';
import { INSURANCE_LIABILITIES, LIABILITY_LABELS, type InsuranceLiability } from '#shared/value-sets.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';

interface PanelProps {
  matter: ClaimMatter;
  id: number;
  /** The quote request whose estimate the PDF link downloads; null: none (a walk-in job). */
  quoteRequestId: number | null;
}

const POUNDS_MESSAGE = (field: string) => `The ${field} must be an amount in pounds, such as 250 or 250.50.`;
/** Pence as the field shows them: "250", "250.50". */
const pounds = (pence: number | null) =>
  pence === null ? '' : `${Math.trunc(pence / 100)}${pence % 100 === 0 ? '' : `.${String(pence % 100).padStart(2, '0')}`}`;

export function InsuranceClaimPanel(props: PanelProps) {
  const { user } = useSession();
  if (!holdsPermission(user, 'insurance')) return null;
  return <Panel {...props} />;
}

function Panel({ matter, id, quoteRequestId }: PanelProps) {
  const input = { matter, id };
  const claim = useQuery(trpc.insurance.admin.claim.queryOptions(input));
  const onSuccess = async (answer: ClaimOfMatter) => {
    queryClient.setQueryData(trpc.insurance.admin.claim.queryKey(input), answer);
    await queryClient.invalidateQueries({ queryKey: trpc.insurance.admin.claim.queryKey() });
  };
  const current = claim.data?.claim ?? null;
  return (
    <section className="admin-section insurance-panel" aria-labelledby={`insurance-${matter}-heading`} data-testid="insurance-panel">
      <h2 id={`insurance-${matter}-heading`}>Insurance</h2>
      <ErrorSummary error={claim.error} />
      {claim.isPending ? (
        <Spinner label="Loading the claim…" />
      ) : (
        <>
          {current && <ClaimFacts claim={current} />}
          <ClaimForm key={current?.updated_at ?? 'new'} input={input} claim={current} onSuccess={onSuccess} />
          {current && <AuthorityForm key={`a-${current.updated_at}`} input={input} claim={current} onSuccess={onSuccess} />}
          <p className="insurance-panel__downloads">
            {current && (
              <a className="btn btn--secondary" href={`/api/insurance-claims/${matter}/${id}/insurer-pack.zip`} download>
                Download the insurer pack
              </a>
            )}{' '}
            {quoteRequestId !== null && (
              <a className="btn btn--secondary" href={`/api/quote-requests/${quoteRequestId}/estimate.pdf`} download>
                Download the estimate (PDF)
              </a>
            )}
          </p>
          {current && <RemoveClaim input={input} onSuccess={onSuccess} />}
        </>
      )}
    </section>
  );
}

function ClaimFacts({ claim }: { claim: InsuranceClaim }) {
  const facts: [string, string][] = [
    ['Insurer', claim.insurer_name],
    ['Claim number', claim.claim_number],
    ['Liability', LIABILITY_LABELS[claim.liability]],
    ['Excess the customer pays', formatPence(claim.excess_pence)],
    [
      "Insurer's authority",
      claim.authorised_pence === null || claim.authorised_on === null
        ? 'Awaiting insurer authority'
        : `${formatPence(claim.authorised_pence)} on ${formatCalendarDate(claim.authorised_on)}`,
    ],
  ];
  return (
    <dl className="admin-quote__facts" data-testid="insurance-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Input = { matter: ClaimMatter; id: number };
type OnSuccess = (answer: ClaimOfMatter) => Promise<void>;

function ClaimForm({ input, claim, onSuccess }: { input: Input; claim: InsuranceClaim | null; onSuccess: OnSuccess }) {
  const insurers = useQuery(trpc.insurance.admin.insurers.queryOptions({ active_only: true, limit: 100 }));
  const [insurerId, setInsurerId] = useState(claim ? String(claim.insurer_id) : '');
  const [claimNumber, setClaimNumber] = useState(claim?.claim_number ?? '');
  const [liability, setLiability] = useState<string>(claim?.liability ?? 'non_fault');
  const [excess, setExcess] = useState(pounds(claim?.excess_pence ?? null));
  const [excessError, setExcessError] = useState<string | undefined>();
  const save = useMutation(trpc.insurance.admin.saveClaim.mutationOptions({ onSuccess }));
  const errors = fieldErrorsOf(save.error);
  const options = [
    { value: '', label: 'Choose the insurer' },
    ...(claim && !insurers.data?.data.some((i) => i.id === claim.insurer_id)
      ? [{ value: String(claim.insurer_id), label: claim.insurer_name }]
      : []),
    ...(insurers.data?.data ?? []).map((i) => ({ value: String(i.id), label: i.name })),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    const pence = excess.trim() === '' ? 0 : poundsTextToPence(excess);
    if (pence === null) {
      setExcessError(POUNDS_MESSAGE('excess'));
      return;
    }
    setExcessError(undefined);
    save.mutate({
      ...input,
      insurer_id: insurerId === '' ? undefined : Number(insurerId),
      claim_number: claimNumber,
      liability: liability as InsuranceLiability,
      excess_pence: pence,
    });
  }

  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-form" noValidate onSubmit={submit} aria-label="Insurance claim">
      <ErrorSummary error={save.error} fields={['insurer_id', 'claim_number', 'liability', 'excess_pence']} />
      <SelectField
        label="Insurer"
        name="insurer_id"
        value={insurerId}
        onChange={setInsurerId}
        options={options}
        error={firstError(errors, 'insurer_id')}
        required
      />
      <TextField
        label="Claim number"
        name="claim_number"
        value={claimNumber}
        onChange={setClaimNumber}
        error={firstError(errors, 'claim_number')}
        required
      />
      <SelectField
        label="Liability"
        name="liability"
        value={liability}
        onChange={setLiability}
        options={INSURANCE_LIABILITIES.map((l) => ({ value: l, label: LIABILITY_LABELS[l] }))}
        error={firstError(errors, 'liability')}
      />
      <TextField
        label="Excess the customer pays (£)"
        name="excess"
        inputMode="decimal"
        value={excess}
        onChange={setExcess}
        error={excessError ?? firstError(errors, 'excess_pence')}
      />
      <div className="admin-form__actions">
        <Button type="submit" variant="secondary" loading={save.isPending}>
          {claim ? 'Save the claim' : 'Mark insured'}
        </Button>
      </div>
    </form>
  );
}

function AuthorityForm({ input, claim, onSuccess }: { input: Input; claim: InsuranceClaim; onSuccess: OnSuccess }) {
  const [amount, setAmount] = useState(pounds(claim.authorised_pence));
  const [date, setDate] = useState(claim.authorised_on ?? '');
  const [amountError, setAmountError] = useState<string | undefined>();
  const record = useMutation(trpc.insurance.admin.recordAuthority.mutationOptions({ onSuccess }));
  const errors = fieldErrorsOf(record.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    const pence = poundsTextToPence(amount);
    if (pence === null || pence === 0) {
      setAmountError(POUNDS_MESSAGE('authorised amount'));
      return;
    }
    setAmountError(undefined);
    record.mutate({ ...input, authorised_pence: pence, authorised_on: date });
  }
  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-form" noValidate onSubmit={submit} aria-label="Insurer's authority">
      <h3>Insurer's authority</h3>
      <ErrorSummary error={record.error} fields={['authorised_pence', 'authorised_on']} />
      <TextField
        label="Amount authorised (£)"
        name="authorised"
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        error={amountError ?? firstError(errors, 'authorised_pence')}
        required
      />
      <TextField
        label="Date of the authority"
        name="authorised_on"
        type="date"
        value={date}
        onChange={setDate}
        error={firstError(errors, 'authorised_on')}
        required
      />
      <div className="admin-form__actions">
        <Button type="submit" variant="secondary" loading={record.isPending}>
          Record the authority
        </Button>
      </div>
    </form>
  );
}

function RemoveClaim({ input, onSuccess }: { input: Input; onSuccess: OnSuccess }) {
  const confirm = useConfirm();
  const remove = useMutation(trpc.insurance.admin.removeClaim.mutationOptions({ onSuccess }));
  return (
    <>
      <ErrorSummary error={remove.error} />
      <Button variant="quiet-danger" loading={remove.isPending} onClick={() => void confirm().then((ok) => ok && remove.mutate(input))}>
        Not insured: remove the claim
      </Button>
    </>
  );
}
