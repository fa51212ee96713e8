/** One day of the opening hours: closed all day, or up to SHOP_LIMITS.rangesPerDay ranges. */
import type { OpeningRange } from '#shared/schemas/shop.ts';
import { SHOP_LIMITS } from '#shared/limits.ts';
import type { Weekday } from '#shared/value-sets.ts';
import { dayName } from '#shared/opening-status.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';

/** A new range starts at the usual hours. */
const DEFAULT_RANGE: OpeningRange = { opens: '09:00', closes: '17:00' };

export function DayEditor({
  day,
  ranges,
  onChange,
  errors,
}: {
  day: Weekday;
  ranges: OpeningRange[];
  onChange: (ranges: OpeningRange[]) => void;
  errors: FieldErrors;
}) {
  const name = dayName(day);
  const key = `openingHours.${day}`;
  const setRange = (index: number, field: keyof OpeningRange) => (value: string) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, [field]: value } : range)));
  // The day's own message (too many ranges), not one of a range's fields.
  const dayError = firstError(errors, key);
  return (
    <fieldset className="shop-form__day" aria-describedby={dayError ? `${key}-error` : undefined}>
      <legend>{name}</legend>
      <CheckboxField
        label="Closed all day"
        name={`${day}-closed`}
        checked={ranges.length === 0}
        onChange={(closed) => onChange(closed ? [] : [{ ...DEFAULT_RANGE }])}
      />
      {ranges.map((range, index) => (
        <div key={index} className="shop-form__row">
          <TextField
            label="Opens"
            name={`${day}-${index}-opens`}
            type="time"
            value={range.opens}
            onChange={setRange(index, 'opens')}
            error={firstError(errors, `${key}.${index}.opens`)}
            aria-label={`${name} opens${ranges.length > 1 ? ` (range ${index + 1})` : ''}`}
          />
          <TextField
            label="Closes"
            name={`${day}-${index}-closes`}
            type="time"
            value={range.closes}
            onChange={setRange(index, 'closes')}
            error={firstError(errors, `${key}.${index}.closes`)}
            aria-label={`${name} closes${ranges.length > 1 ? ` (range ${index + 1})` : ''}`}
          />
          <Button
            variant="ghost"
            className="shop-form__remove"
            onClick={() => onChange(ranges.filter((_, i) => i !== index))}
            aria-label={`Remove ${name} range ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      {dayError && (
        <p className="field__error" id={`${key}-error`}>
          {dayError}
        </p>
      )}
      {ranges.length > 0 && ranges.length < SHOP_LIMITS.rangesPerDay && (
        <Button
          variant="secondary"
          className="shop-form__add"
          onClick={() => onChange([...ranges, { opens: '', closes: '' }])}
          aria-label={`Add a range on ${name}`}
        >
          Add a range
        </Button>
      )}
    </fieldset>
  );
}
