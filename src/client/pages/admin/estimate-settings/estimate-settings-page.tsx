/**
 * /admin/estimate-settings (the quotes permission, as its procedure): the labour rate (typed in
 * pounds, kept in pence), the VAT number (VAT is shown on estimates only when there is one), how
 * many days an estimate stays valid, and the terms every estimate sent carries (plain text). A
 * version already sent keeps what it was sent with; the settings apply to drafts and what is sent next.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { formatAmount } from '#shared/money/estimate-totals.ts';
import { poundsTextToPence } from '#shared/format/money.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { ESTIMATE_TERMS_MAX } from '#shared/limits.ts';
import type { EstimateSettings } from '#shared/schemas/estimates.ts';

const FIELDS = ['labour_rate_pence', 'vat_number', 'validity_days', 'terms'];
const RATE_MESSAGE = 'Enter the rate in pounds, such as 55 or 55.50.';

const poundsText = (pence: number) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

export function EstimateSettingsPage() {
  const settings = useQuery(trpc.estimates.admin.settings.queryOptions({}));
  return (
    <>
      <h1 className="admin__title">Estimate settings</h1>
      <p>What every estimate is priced and sent with. A version already sent keeps the settings it was sent with.</p>
      {settings.isPending ? (
        <Spinner label="Loading the estimate settings…" />
      ) : settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : (
        <ErrorSummary error={settings.error} />
      )}
    </>
  );
}

function SettingsForm({ initial }: { initial: EstimateSettings }) {
  const queryClient = useQueryClient();
  const [rate, setRate] = useState(poundsText(initial.labour_rate_pence));
  const [vatNumber, setVatNumber] = useState(initial.vat_number);
  const [validity, setValidity] = useState(String(initial.validity_days));
  const [terms, setTerms] = useState(initial.terms);
  const [rateError, setRateError] = useState<string | undefined>();
  const save = useMutation(
    trpc.estimates.admin.updateSettings.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.estimates.admin.settings.queryKey({}), data);
        setRate(poundsText(data.labour_rate_pence));
        setVatNumber(data.vat_number);
        setValidity(String(data.validity_days));
        setTerms(data.terms);
      },
    }),
  );
  const errors = save.isError ? fieldErrorsOf(save.error) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    const pence = poundsTextToPence(rate);
    setRateError(pence === null ? RATE_MESSAGE : undefined);
    if (pence === null) return;
    save.mutate({
      labour_rate_pence: pence,
      vat_number: vatNumber,
      validity_days: /^\d+$/.test(validity.trim()) ? Number(validity) : -1,
      terms,
    });
  }

  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-setup__form" noValidate onSubmit={submit}>
      {save.isSuccess && (
        <ResultInView tone="success" trigger={save.data}>
          Estimate settings saved: {formatAmount(save.data.labour_rate_pence)} an hour,{' '}
          {save.data.vat_registered ? `VAT registered (${save.data.vat_number})` : 'not VAT registered (no VAT shown)'}, valid for{' '}
          {save.data.validity_days} day{save.data.validity_days === 1 ? '' : 's'}.
        </ResultInView>
      )}
      {save.isError && (
        <ResultInView tone="error" trigger={save.error}>
          {Object.keys(errors).length > 0 ? 'Please correct the fields marked below.' : <ErrorSummary error={save.error} fields={FIELDS} />}
        </ResultInView>
      )}
      <TextField
        label="Labour rate (£ an hour, before VAT)"
        name="labour_rate"
        inputMode="decimal"
        value={rate}
        onChange={setRate}
        error={rateError ?? firstError(errors, 'labour_rate_pence')}
        required
      />
      <TextField
        label="VAT number"
        name="vat_number"
        hint="Leave empty when the shop is not VAT registered: estimates then show no VAT."
        value={vatNumber}
        onChange={setVatNumber}
        error={firstError(errors, 'vat_number')}
      />
      <TextField
        label="Valid for (days)"
        name="validity_days"
        inputMode="numeric"
        value={validity}
        onChange={setValidity}
        error={firstError(errors, 'validity_days')}
        required
      />
      <TextAreaField
        label="Terms"
        name="terms"
        rows={6}
        hint="Plain text, shown under every estimate sent from now on."
        maxLength={ESTIMATE_TERMS_MAX}
        value={terms}
        onChange={setTerms}
        error={firstError(errors, 'terms')}
      />
      <div>
        <Button type="submit" loading={save.isPending}>
          Save estimate settings
        </Button>
      </div>
    </form>
  );
}
