/** The shop form's address and contact section: the street lines, town, county, postcode, country, telephone and e-mail. */
import type { ShopChoices } from '#shared/schemas/shop-setup.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { SHOP_LIMITS } from '#shared/limits.ts';
import { SelectField, TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { countryOptions, errorAt, type FormValues, type SetField } from './shop-form-values.ts';

export function AddressContactSection({
  values,
  set,
  errors,
  choices,
}: {
  values: FormValues;
  set: SetField;
  errors: FieldErrors;
  choices: ShopChoices | undefined;
}) {
  return (
    <fieldset className="admin-form__fieldset" id="shop-section-contact">
      <legend>Address and contact</legend>
      <TextAreaField
        label="Address"
        name="address"
        hint={`Street lines, one a line (at most ${SHOP_LIMITS.addressLines}); the town, county and postcode go below.`}
        value={values.address}
        onChange={set('address')}
        error={errorAt(errors, 'addressLines')}
        rows={2}
        required
      />
      <div className="admin-form__grid">
        <TextField label="Town" name="town" value={values.town} onChange={set('town')} error={errorAt(errors, 'town')} required />
        <TextField label="County" name="county" value={values.county} onChange={set('county')} error={errorAt(errors, 'county')} />
        <TextField
          label="Postcode"
          name="postcode"
          value={values.postcode}
          onChange={set('postcode')}
          error={errorAt(errors, 'postcode')}
          autoComplete="off"
          required
        />
        <SelectField
          label="Country"
          name="country"
          value={values.country}
          onChange={set('country')}
          options={countryOptions(values.country, choices)}
          error={errorAt(errors, 'country')}
          required
        />
        <TextField
          label="Telephone"
          name="telephone"
          type="tel"
          value={values.telephone}
          onChange={set('telephone')}
          error={errorAt(errors, 'telephone')}
          required
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errorAt(errors, 'email')}
          required
        />
      </div>
    </fieldset>
  );
}
