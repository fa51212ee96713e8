/** The quote form's "How should we contact you?": by e-mail or by telephone (the telephone is then required). */
import type { PreferredContact } from '#shared/value-sets.ts';

export function PreferredContactChoice({
  value: chosen,
  onChange,
  error,
}: {
  value: PreferredContact;
  onChange: (value: PreferredContact) => void;
  error: string | undefined;
}) {
  return (
    <fieldset
      className={`field quote__contact${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? 'quote-contact-error' : undefined}
    >
      <legend className="field__label">How should we contact you?</legend>
      {(
        [
          ['email', 'By e-mail'],
          ['phone', 'By telephone'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="quote__radio">
          <input
            type="radio"
            name="preferred_contact"
            value={value}
            checked={value === chosen}
            onChange={() => onChange(value)}
            aria-invalid={error ? true : undefined}
          />{' '}
          {label}
        </label>
      ))}
      {error && (
        <p className="field__error" id="quote-contact-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
