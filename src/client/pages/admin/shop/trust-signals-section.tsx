/** The shop form's trust signals: accreditations, insurers, the year established, the warranty and the reviews link. */
import type { FieldErrors } from '#shared/errors.ts';
import { SHOP_LIMITS } from '#shared/limits.ts';
import { TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { errorAt, type FormValues, type SetField } from './shop-form-values.ts';

export function TrustSignalsSection({ values, set, errors }: { values: FormValues; set: SetField; errors: FieldErrors }) {
  return (
    <fieldset className="admin-form__fieldset" id="shop-section-trust">
      <legend>Trust signals</legend>
      <p className="admin-form__note">The home page shows each of these only when it is filled in; leave any of them empty to hide it.</p>
      <TextAreaField
        label="Accreditations and standards"
        name="accreditations"
        hint={`One a line, such as BS 10125 (at most ${SHOP_LIMITS.accreditations}).`}
        value={values.accreditations}
        onChange={set('accreditations')}
        error={errorAt(errors, 'accreditations')}
        rows={3}
      />
      <TextAreaField
        label="Insurers we work with"
        name="insurers"
        hint={`One a line (at most ${SHOP_LIMITS.insurers}).`}
        value={values.insurers}
        onChange={set('insurers')}
        error={errorAt(errors, 'insurers')}
        rows={3}
      />
      <div className="admin-form__grid">
        <TextField
          label="Year established"
          name="yearEstablished"
          hint="The year the shop started trading, such as 1998: the site shows the years trading."
          value={values.yearEstablished}
          onChange={set('yearEstablished')}
          error={errorAt(errors, 'yearEstablished')}
          inputMode="numeric"
          maxLength={4}
        />
        <TextField
          label="Warranty"
          name="warranty"
          hint="The guarantee on your work, such as Lifetime guarantee on paintwork."
          value={values.warranty}
          onChange={set('warranty')}
          error={errorAt(errors, 'warranty')}
          maxLength={SHOP_LIMITS.warranty}
        />
        <TextField
          label="Reviews link"
          name="reviewsUrl"
          type="url"
          hint="The https address of your public reviews (Google, Trustpilot…): the pages show it, and the review page after collection leads customers there."
          value={values.reviewsUrl}
          onChange={set('reviewsUrl')}
          error={errorAt(errors, 'reviewsUrl')}
        />
      </div>
    </fieldset>
  );
}
