/** The shop form's opening hours: the time zone, "Copy Monday's hours to the weekdays" and a day editor per weekday. */
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { ShopChoices } from '#shared/schemas/shop-setup.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { WEEKDAYS, type Weekday } from '#shared/value-sets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField } from '#client/components/ui/form-fields.tsx';
import { DayEditor } from './day-editor.tsx';
import { errorAt, timeZoneOptions, type FormValues, type SetField } from './shop-form-values.ts';

/** Tuesday to Friday: what "Copy Monday's hours to the weekdays" fills. */
const OTHER_WEEKDAYS: Weekday[] = ['tuesday', 'wednesday', 'thursday', 'friday'];

export function OpeningHoursSection({
  values,
  setValues,
  set,
  errors,
  choices,
}: {
  values: FormValues;
  setValues: Dispatch<SetStateAction<FormValues>>;
  set: SetField;
  errors: FieldErrors;
  choices: ShopChoices | undefined;
}) {
  const [copied, setCopied] = useState('');

  function copyMonday() {
    setValues((v) => ({
      ...v,
      openingHours: {
        ...v.openingHours,
        ...Object.fromEntries(OTHER_WEEKDAYS.map((day) => [day, structuredClone(v.openingHours.monday)])),
      },
    }));
    setCopied(
      values.openingHours.monday.length === 0
        ? 'Tuesday to Friday are now closed all day, as Monday is.'
        : "Monday's hours are copied to Tuesday to Friday.",
    );
  }

  return (
    <fieldset className="admin-form__fieldset shop-form__hours" id="shop-section-hours">
      <legend>Opening hours</legend>
      <SelectField
        label="Time zone"
        name="timeZone"
        hint="The hours and closures are in this time zone."
        value={values.timeZone}
        onChange={set('timeZone')}
        options={timeZoneOptions(values.timeZone, choices)}
        error={errorAt(errors, 'timeZone')}
        required
      />
      {errorAt(errors, 'openingHours') && !WEEKDAYS.some((day) => errorAt(errors, `openingHours.${day}`)) && (
        <p className="field__error">{errorAt(errors, 'openingHours')}</p>
      )}
      <div className="shop-form__copy">
        <Button variant="secondary" onClick={copyMonday}>
          Copy Monday&apos;s hours to the weekdays
        </Button>
        <p className="admin-form__note" role="status">
          {copied}
        </p>
      </div>
      <div className="shop-form__week">
        {WEEKDAYS.map((day) => (
          <DayEditor
            key={day}
            day={day}
            ranges={values.openingHours[day]}
            onChange={(ranges) => setValues((v) => ({ ...v, openingHours: { ...v.openingHours, [day]: ranges } }))}
            errors={errors}
          />
        ))}
      </div>
    </fieldset>
  );
}
