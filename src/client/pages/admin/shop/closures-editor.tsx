/** The closures: days the shop is shut whatever its hours say (a from, a to and a note each). */
import type { Closure } from '#shared/schemas/shop.ts';
import { SHOP_LIMITS } from '#shared/limits.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';

export function ClosuresEditor({
  closures,
  onChange,
  errors,
}: {
  closures: Closure[];
  onChange: (closures: Closure[]) => void;
  errors: FieldErrors;
}) {
  const setClosure = (index: number, field: keyof Closure) => (value: string) =>
    onChange(closures.map((closure, i) => (i === index ? { ...closure, [field]: value } : closure)));
  return (
    <fieldset className="admin-form__fieldset">
      <legend>Closures</legend>
      <p className="admin-form__note">
        Days the shop is shut whatever its hours say, such as bank holidays. The note is shown on the contact page.
      </p>
      {closures.length === 0 && <p>No closures.</p>}
      {closures.map((closure, index) => (
        <div key={index} className="shop-form__row shop-form__row--closure">
          <TextField
            label="From"
            name={`closure-${index}-from`}
            type="date"
            value={closure.from}
            onChange={setClosure(index, 'from')}
            error={firstError(errors, `closures.${index}.from`)}
            aria-label={`Closure ${index + 1} from`}
          />
          <TextField
            label="To"
            name={`closure-${index}-to`}
            type="date"
            value={closure.to}
            onChange={setClosure(index, 'to')}
            error={firstError(errors, `closures.${index}.to`)}
            aria-label={`Closure ${index + 1} to`}
          />
          <TextField
            label="Note"
            name={`closure-${index}-note`}
            value={closure.note}
            onChange={setClosure(index, 'note')}
            error={firstError(errors, `closures.${index}.note`)}
            maxLength={SHOP_LIMITS.closureNote}
            aria-label={`Closure ${index + 1} note`}
          />
          <Button
            variant="ghost"
            className="shop-form__remove"
            onClick={() => onChange(closures.filter((_, i) => i !== index))}
            aria-label={`Remove closure ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      {firstError(errors, 'closures') && <p className="field__error">{firstError(errors, 'closures')}</p>}
      {closures.length < SHOP_LIMITS.closures && (
        <Button variant="secondary" className="shop-form__add" onClick={() => onChange([...closures, { from: '', to: '', note: '' }])}>
          Add a closure
        </Button>
      )}
    </fieldset>
  );
}
