/** Booking setup's settings: the earliest booking, how far ahead, the customer's change cut-off and whose bank holidays close the shop. */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import type { BookingSettings } from '#shared/schemas/bookings.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function BookingSettingsSection() {
  const settings = useQuery(trpc.bookings.admin.getSettings.queryOptions({}));
  if (settings.isPending) return <Spinner label="Loading settings…" />;
  if (!settings.data) return <ErrorSummary error={settings.error} />;
  return <SettingsForm initial={settings.data} />;
}

const REGIONS: { value: BookingSettings['bank_holiday_region']; label: string }[] = [
  { value: 'england-and-wales', label: 'England and Wales' },
  { value: 'scotland', label: 'Scotland' },
  { value: 'northern-ireland', label: 'Northern Ireland' },
];

function SettingsForm({ initial }: { initial: BookingSettings }) {
  const [values, setValues] = useState({
    earliest_working_days: String(initial.earliest_working_days),
    horizon_days: String(initial.horizon_days),
    change_cutoff_hours: String(initial.change_cutoff_hours),
    bank_holiday_region: initial.bank_holiday_region,
  });
  const save = useMutation(
    trpc.bookings.admin.updateSettings.mutationOptions({
      // Another region: other bank holidays.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.listBankHolidays.queryKey() }),
    }),
  );
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  return (
    <section className="admin-section" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form
        method="post"
        action={SCRIPT_ONLY_FORM_PATH}
        className="admin-setup__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(values);
        }}
      >
        {save.isSuccess && <Alert tone="success">Settings saved.</Alert>}
        <div className="admin-setup__row">
          <TextField
            label="Earliest booking (working days ahead)"
            name="earliest_working_days"
            type="number"
            hint="1: the next working day."
            value={values.earliest_working_days}
            onChange={(v) => setValues({ ...values, earliest_working_days: v })}
            error={errors.earliest_working_days?.[0]}
          />
          <TextField
            label="How far ahead (days)"
            name="horizon_days"
            type="number"
            value={values.horizon_days}
            onChange={(v) => setValues({ ...values, horizon_days: v })}
            error={errors.horizon_days?.[0]}
          />
          <TextField
            label="Customer changes until (hours before)"
            name="change_cutoff_hours"
            type="number"
            value={values.change_cutoff_hours}
            onChange={(v) => setValues({ ...values, change_cutoff_hours: v })}
            error={errors.change_cutoff_hours?.[0]}
          />
          <SelectField
            label="Bank holidays of"
            name="bank_holiday_region"
            value={values.bank_holiday_region}
            onChange={(v) => setValues({ ...values, bank_holiday_region: v as BookingSettings['bank_holiday_region'] })}
            options={REGIONS}
            hint="Closed for booking unless you open the day below."
            error={errors.bank_holiday_region?.[0]}
          />
        </div>
        <div>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </section>
  );
}
