/** The shop's social links: a label and a web address each. */
import type { Shop } from '#shared/schemas/shop.ts';
import { SHOP_LIMITS } from '#shared/limits.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';

export function SocialLinksEditor({
  links,
  onChange,
  errors,
}: {
  links: Shop['socialLinks'];
  onChange: (links: Shop['socialLinks']) => void;
  errors: FieldErrors;
}) {
  const setLink = (index: number, field: 'label' | 'url') => (value: string) =>
    onChange(links.map((link, i) => (i === index ? { ...link, [field]: value } : link)));
  return (
    <fieldset className="admin-form__fieldset" id="shop-section-social">
      <legend>Social links</legend>
      {links.length === 0 && <p>No social links.</p>}
      {links.map((link, index) => (
        <div key={index} className="shop-form__row">
          <TextField
            label="Label"
            name={`social-${index}-label`}
            value={link.label}
            onChange={setLink(index, 'label')}
            error={firstError(errors, `socialLinks.${index}.label`)}
            maxLength={SHOP_LIMITS.socialLabel}
            aria-label={`Social link ${index + 1} label`}
          />
          <TextField
            label="Web address"
            name={`social-${index}-url`}
            type="url"
            value={link.url}
            onChange={setLink(index, 'url')}
            error={firstError(errors, `socialLinks.${index}.url`)}
            aria-label={`Social link ${index + 1} web address`}
          />
          <Button
            variant="ghost"
            className="shop-form__remove"
            onClick={() => onChange(links.filter((_, i) => i !== index))}
            aria-label={`Remove social link ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      {firstError(errors, 'socialLinks') && <p className="field__error">{firstError(errors, 'socialLinks')}</p>}
      {links.length < SHOP_LIMITS.socialLinks && (
        <Button variant="secondary" className="shop-form__add" onClick={() => onChange([...links, { label: '', url: '' }])}>
          Add a social link
        </Button>
      )}
    </fieldset>
  );
}
