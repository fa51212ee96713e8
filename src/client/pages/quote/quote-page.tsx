/**
 * /quote: a customer describes the damage and sends photos (docs/rest-contract.md "Quote requests").
 * One multipart POST through XMLHttpRequest, so each photo can show how much of it has been sent;
 * a refusal keeps everything typed and chosen, with each message next to its field.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { fieldErrorsOf, firstError, messageOf, statusOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { upload } from '#client/lib/upload.ts';
import { QUOTE_DESCRIPTION_MAX, QUOTE_DESCRIPTION_MIN } from '#shared/limits.ts';
import { QUOTE_HONEYPOT_FIELD } from '#shared/schemas/quotes.ts';
import type { PreferredContact } from '#shared/value-sets.ts';
import { QuotePhotoPicker, type PickedPhoto } from './quote-photo-picker.tsx';
import './quote.css';

type TextFieldName = 'name' | 'email' | 'telephone' | 'vehicle' | 'registration' | 'description';

const INVALID_BANNER = 'Some of your information needs another look: please check the fields marked below.';

/**
 * How much of each photo has gone, from how much of the whole body has: the fields go first, then
 * the photos in order (multipart framing is a few hundred bytes, left out).
 */
export function photoProgress(photos: { id: number; size: number }[], fieldBytes: number, fraction: number): Record<number, number> {
  const total = fieldBytes + photos.reduce((sum, p) => sum + p.size, 0);
  let sent = fraction * total - fieldBytes;
  const out: Record<number, number> = {};
  for (const photo of photos) {
    const part = photo.size === 0 ? 1 : Math.max(0, Math.min(1, sent / photo.size));
    out[photo.id] = Math.round(part * 100);
    sent -= photo.size;
  }
  return out;
}

export function QuotePage() {
  const { user } = useSession();
  const [values, setValues] = useState<Record<TextFieldName, string>>(() => ({
    name: user ? `${user.firstname} ${user.lastname}`.trim() : '',
    email: user?.email ?? '',
    telephone: user?.telephone ?? '',
    vehicle: '',
    registration: '',
    description: '',
  }));
  const [preferred, setPreferred] = useState<PreferredContact>('email');
  const [consent, setConsent] = useState(false);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [progress, setProgress] = useState<Record<number, number> | null>(null);
  // Only a bot fills it.
  const [trap, setTrap] = useState('');

  const send = useMutation({
    mutationFn: async () => {
      const sending = photos.filter((p) => !p.refusal);
      const fields = {
        ...values,
        preferred_contact: preferred,
        ...(consent ? { consent: '1' } : {}),
        ...(trap ? { [QUOTE_HONEYPOT_FIELD]: trap } : {}),
      };
      const sizes = sending.map((p) => ({ id: p.id, size: p.file.size }));
      const fieldBytes = Object.values(values).reduce((n, v) => n + new Blob([v]).size, 0);
      setProgress(photoProgress(sizes, fieldBytes, 0));
      try {
        return await upload(
          'quotes.create',
          { fields, files: { photos: sending.map((photo) => photo.file) } },
          {
            onProgress: (fraction) => setProgress(photoProgress(sizes, fieldBytes, fraction)),
          },
        );
      } finally {
        setProgress(null);
      }
    },
  });
  const errors = fieldErrorsOf(send.error);
  const set = (name: TextFieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }

  if (send.data) {
    return (
      <>
        <PageHeader title="Get a quote" />
        <section className="section container quote">
          <div className="quote__done" role="status">
            <h2 className="section__title section__title--left">Thank you, we have your request</h2>
            <p>
              Your reference is <strong className="quote__reference">{send.data.reference}</strong>. Please mention it when you contact us.
              A confirmation is on its way to your e-mail.
            </p>
            <p>We look at every request within two working days and get back to you the way you asked.</p>
            <p>{user ? <Link href="/account/quotes">See your quote requests</Link> : <Link href="/">Back to the home page</Link>}</p>
          </div>
        </section>
      </>
    );
  }

  const isInvalid = statusOf(send.error) === 422;
  const descriptionLength = values.description.trim().length;
  return (
    <>
      <PageHeader title="Get a quote" />
      <section className="section container quote">
        <p className="quote__intro">
          Tell us about your vehicle and the damage, add a few photos if you can, and we will come back to you with a price.
        </p>
        <form onSubmit={onSubmit} noValidate className="quote__form">
          {send.isError && <Alert tone="error">{isInvalid ? INVALID_BANNER : messageOf(send.error)}</Alert>}
          <div className="form-grid">
            <TextField
              label="Your name"
              name="name"
              autoComplete="name"
              required
              value={values.name}
              onChange={set('name')}
              error={firstError(errors, 'name')}
            />
            <TextField
              label="E-mail address"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={set('email')}
              error={firstError(errors, 'email')}
            />
            <TextField
              label="Telephone (optional)"
              name="telephone"
              type="tel"
              autoComplete="tel"
              value={values.telephone}
              onChange={set('telephone')}
              error={firstError(errors, 'telephone')}
            />
            <TextField
              label="Vehicle (make and model)"
              name="vehicle"
              required
              value={values.vehicle}
              onChange={set('vehicle')}
              error={firstError(errors, 'vehicle')}
            />
            <TextField
              label="Registration (optional)"
              name="registration"
              value={values.registration}
              onChange={set('registration')}
              error={firstError(errors, 'registration')}
            />
          </div>
          <TextAreaField
            label="Describe the damage"
            name="description"
            required
            rows={6}
            maxLength={QUOTE_DESCRIPTION_MAX}
            value={values.description}
            onChange={set('description')}
            hint={`${QUOTE_DESCRIPTION_MIN} to ${QUOTE_DESCRIPTION_MAX.toLocaleString('en-GB')} characters (${descriptionLength} so far): where it is, how it happened, anything we should know.`}
            error={firstError(errors, 'description')}
          />
          <fieldset className={`field quote__contact${errors.preferred_contact ? ' field--invalid' : ''}`}>
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
                  checked={preferred === value}
                  onChange={() => setPreferred(value)}
                />{' '}
                {label}
              </label>
            ))}
            {errors.preferred_contact && <p className="field__error">{errors.preferred_contact[0]}</p>}
          </fieldset>
          <QuotePhotoPicker photos={photos} onChange={setPhotos} progress={progress} errors={errors.photos} disabled={send.isPending} />
          {/* A trap for bots (QUOTE_HONEYPOT_FIELD): off screen, hidden from assistive technology, never tabbed to. */}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="quote-website">Website</label>
            <input
              id="quote-website"
              name={QUOTE_HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={trap}
              onChange={(event) => setTrap(event.target.value)}
            />
          </div>
          <CheckboxField
            name="consent"
            checked={consent}
            onChange={setConsent}
            error={firstError(errors, 'consent')}
            label={
              <>
                I agree that the shop may use these details and photos to prepare my quote, as the{' '}
                <Link href="/legal/privacy">Privacy Policy</Link> describes.
              </>
            }
          />
          <Button type="submit" loading={send.isPending} className="btn--lg">
            Send my request
          </Button>
        </form>
      </section>
    </>
  );
}
