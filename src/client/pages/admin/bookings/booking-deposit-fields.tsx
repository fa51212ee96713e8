/**
 * A booking type's deposit on its change form: none, a fixed amount in pounds, or a percentage of
 * the accepted estimate (VAT included). The amount and the percentage are typed as text and sent
 * as whole pence and basis points; the server checks them (422 next to the field).
 */
import type { FieldErrors } from '#shared/errors.ts';
import { DEPOSIT_KINDS, type DepositKind } from '#shared/value-sets.ts';
import { formatPence, poundsTextToPence } from '#shared/format/money.ts';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';

export interface DepositValues {
  deposit_kind: DepositKind;
  pounds: string;
  percent: string;
}

const KIND_LABELS: Record<DepositKind, string> = { none: 'No deposit', fixed: 'A fixed amount', share: 'A share of the estimate' };

export function depositValuesOf(type: { deposit_kind: DepositKind; deposit_fixed_pence: number; deposit_share_bp: number }): DepositValues {
  return {
    deposit_kind: type.deposit_kind,
    pounds: type.deposit_fixed_pence > 0 ? formatPence(type.deposit_fixed_pence).replace('£', '') : '',
    percent: type.deposit_share_bp > 0 ? String(type.deposit_share_bp / 100) : '',
  };
}

/** "25" or "12.5" per cent as basis points, in integers; null when it is not a percentage. */
export function percentTextToBasisPoints(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** What the form sends: an unreadable amount goes as -1, so the server's range check names the field. */
export function depositInputOf(values: DepositValues) {
  return {
    deposit_kind: values.deposit_kind,
    deposit_fixed_pence: values.deposit_kind === 'fixed' ? (poundsTextToPence(values.pounds) ?? -1) : 0,
    deposit_share_bp: values.deposit_kind === 'share' ? (percentTextToBasisPoints(values.percent) ?? -1) : 0,
  };
}

export function DepositFields({
  values,
  onChange,
  errors,
  idPrefix,
}: {
  values: DepositValues;
  onChange: (patch: Partial<DepositValues>) => void;
  errors: FieldErrors;
  idPrefix: string;
}) {
  return (
    <div className="admin-setup__row">
      <SelectField
        label="Deposit"
        name={`${idPrefix}-deposit-kind`}
        value={values.deposit_kind}
        onChange={(v) => onChange({ deposit_kind: v as DepositKind })}
        options={DEPOSIT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        error={errors.deposit_kind?.[0]}
      />
      {values.deposit_kind === 'fixed' && (
        <TextField
          label="Deposit (£)"
          name={`${idPrefix}-deposit-pounds`}
          inputMode="decimal"
          value={values.pounds}
          onChange={(v) => onChange({ pounds: v })}
          error={errors.deposit_fixed_pence?.[0]}
        />
      )}
      {values.deposit_kind === 'share' && (
        <TextField
          label="Deposit (% of the estimate)"
          name={`${idPrefix}-deposit-percent`}
          inputMode="decimal"
          value={values.percent}
          onChange={(v) => onChange({ percent: v })}
          error={errors.deposit_share_bp?.[0]}
        />
      )}
    </div>
  );
}
