/**
 * /quote: a customer describes the damage and sends photos (docs/rest-contract.md "Quote requests").
 * One multipart POST through XMLHttpRequest, so each photo can show how much of it has been sent.
 *
 * The form checks itself before it sends (quote-form-rules.ts): each message in plain English beside
 * its field, the first such field focused, and a message goes as soon as its field is fixed. A
 * refusal from the server keeps everything typed and chosen; its messages stay on a field until the
 * field changes. What is typed is kept in the tab across a reload (quote-draft.ts).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { ErrorResult } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { ContactFields } from '#client/components/contact-fields.tsx';
import { useNativeForm } from '#client/lib/native-form.ts';
import { fieldErrorsOf, messageOf, statusOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { upload } from '#client/lib/upload.ts';
import { QUOTE_DESCRIPTION_MAX, QUOTE_DESCRIPTION_MIN } from '#shared/limits.ts';
import { HONEYPOT_FIELD as QUOTE_HONEYPOT_FIELD } from '#shared/honeypot.ts';
import { NATIVE_FORM_PATHS, type NativeFormState } from '#shared/native-forms.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { PreferredContact } from '#shared/value-sets.ts';
import { QuotePhotoPicker } from './quote-photo-picker.tsx';
import { markUnreadable, type PhotoErrors, type PickedPhoto } from './quote-photos.ts';
import { NO_PHOTO_ERRORS, photoErrorsOf, photoProgress, unchanged, type Refusal } from './quote-refusal.ts';
import { QuoteDone } from './quote-done.tsx';
import { PreferredContactChoice } from './preferred-contact-choice.tsx';
import { QUOTE_FIELD_ORDER, validateQuoteForm, type QuoteFormValues, type QuoteTextField } from './quote-form-rules.ts';
import { clearQuoteDraft, loadQuoteDraft, saveQuoteDraft } from './quote-draft.ts';
import type { VehicleClass } from './quote-shot-list.tsx';
import './quote.css';
import { screenHref } from '#client/lib/screen-links.ts';

type TextFieldName = QuoteTextField;

const INVALID_BANNER = 'Some of your information needs another look: please check the fields marked below.';

/** A refusal of the form posted without JavaScript, as if the script had sent it (src/server/forms/). */
function nativeRefusal(native: NativeFormState | undefined, sent: QuoteFormValues): Refusal | null {
  if (!native || native.notice) return null;
  return { errors: native.fieldErrors, sent, sentPhotoIds: [], photoErrors: photoErrorsOf(native.fieldErrors.photos, []) };
}

export function QuotePage() {
  const { user } = useSession();
  // The answer to the form posted without JavaScript: what was typed, and the errors beside it.
  const native = useNativeForm('quote');
  const typed = native && !native.notice ? native.values : {};
  const [values, setValues] = useState<Record<TextFieldName, string>>(() => ({
    name: typed.name ?? (user ? `${user.firstname} ${user.lastname}`.trim() : ''),
    email: typed.email ?? user?.email ?? '',
    telephone: typed.telephone ?? user?.telephone ?? '',
    vehicle: typed.vehicle ?? '',
    registration: typed.registration ?? '',
    description: typed.description ?? '',
  }));
  const [preferred, setPreferred] = useState<PreferredContact>(typed.preferred_contact === 'phone' ? 'phone' : 'email');
  const [consent, setConsent] = useState(typed.consent !== undefined);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [vehicleClass, setVehicleClass] = useState<VehicleClass>('car');
  const [progress, setProgress] = useState<Record<number, number> | null>(null);
  // Only a bot fills it.
  const [trap, setTrap] = useState('');
  /** Set by the first press of Send: from then on the form's own messages show, and go once fixed. */
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(() => nativeRefusal(native, { text: values, preferred, consent }));
  const [lostPhotoNames, setLostPhotoNames] = useState<string[]>([]);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const addPhotosRef = useRef<HTMLButtonElement>(null);

  // The draft is read after the first render (the server will render this page without it), each
  // field only when it holds something (a signed-in customer's details stay otherwise), and written
  // on every change after that.
  const [draftRead, setDraftRead] = useState(false);
  useEffect(() => {
    const draft = loadQuoteDraft();
    if (draft) {
      setValues((current) => {
        const next = { ...current };
        for (const [field, value] of Object.entries(draft.text) as [TextFieldName, string][]) if (value) next[field] = value;
        return next;
      });
      setPreferred(draft.preferred);
      setConsent(draft.consent);
      setVehicleClass(draft.vehicleClass);
      setLostPhotoNames(draft.photoNames);
    }
    setDraftRead(true);
  }, []);
  useEffect(() => {
    if (!draftRead) return;
    saveQuoteDraft({
      text: values,
      preferred,
      consent,
      vehicleClass,
      // Until photos are added again, the names of those lost stay in the draft.
      photoNames: photos.length ? photos.map((p) => p.file.name) : lostPhotoNames,
    });
  }, [draftRead, values, preferred, consent, vehicleClass, photos, lostPhotoNames]);

  const formValues: QuoteFormValues = { text: values, preferred, consent };

  const send = useMutation({
    mutationFn: async () => {
      const sending = photos.filter((p) => !p.refusal);
      const fields = {
        ...values,
        preferred_contact: preferred,
        ...(consent ? { consent: '1' } : {}),
        ...(trap ? { [QUOTE_HONEYPOT_FIELD]: trap } : {}),
      };
      const sent: QuoteFormValues = { text: { ...values }, preferred, consent };
      const sentPhotoIds = sending.map((p) => p.id);
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
      } catch (error) {
        const errors = fieldErrorsOf(error);
        setRefusal({ errors, sent, sentPhotoIds, photoErrors: photoErrorsOf(errors.photos, sentPhotoIds) });
        if (Object.keys(errors).length) setFocusRequest((n) => n + 1);
        throw error;
      } finally {
        setProgress(null);
      }
    },
    onSuccess: () => clearQuoteDraft(),
  });

  // The messages shown now: the form's own (once Send was pressed), then the server's on the
  // fields that still hold what was sent.
  const errors: FieldErrors = checked ? { ...validateQuoteForm(formValues) } : {};
  if (refusal) {
    for (const [field, messages] of Object.entries(refusal.errors)) {
      if (field === 'photos' || errors[field] || !messages.length) continue;
      if (unchanged(field, formValues, refusal.sent)) errors[field] = messages;
    }
  }
  const photoErrors: PhotoErrors = refusal
    ? {
        byPhoto: refusal.photoErrors.byPhoto,
        // About the set of photos sent: gone once the photos change.
        general:
          photos
            .filter((p) => !p.refusal)
            .map((p) => p.id)
            .join() === refusal.sentPhotoIds.join()
            ? refusal.photoErrors.general
            : [],
      }
    : NO_PHOTO_ERRORS;
  const photosInvalid = photoErrors.general.length > 0 || photos.some((p) => !p.refusal && photoErrors.byPhoto[p.id]);
  const firstInvalid = QUOTE_FIELD_ORDER.find((field) => (field === 'photos' ? photosInvalid : errors[field]?.length));
  const first = (field: string) => errors[field]?.[0];

  // After a refused Send, the first field with a message takes the focus, once the form is no
  // longer busy (a disabled control cannot take it).
  const focusHandled = useRef(0);
  useEffect(() => {
    if (focusRequest === focusHandled.current || send.isPending) return;
    focusHandled.current = focusRequest;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, send.isPending]);

  const set = (name: TextFieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(validateQuoteForm(formValues)).length) {
      setFocusRequest((n) => n + 1);
      return;
    }
    send.mutate();
  }

  const done = send.data ?? (native?.notice && native.values.reference ? { reference: native.values.reference } : undefined);
  if (done) return <QuoteDone reference={done.reference} signedIn={Boolean(user)} sent={send.data ? values : null} />;

  const failure = send.isError ? (statusOf(send.error) !== 422 ? messageOf(send.error) : null) : (native?.message ?? null);
  const descriptionLength = values.description.trim().length;
  return (
    <>
      <PageHeader title="Get a quote" />
      <section className="section container quote">
        <p className="quote__intro">
          Tell us about your vehicle and the damage, add a few photos if you can, and we will come back to you with a price.
        </p>
        <form
          ref={formRef}
          method="post"
          action={NATIVE_FORM_PATHS.quote}
          encType="multipart/form-data"
          onSubmit={onSubmit}
          noValidate
          className="quote__form"
        >
          {/* A field's message is focused by its field; a failure with no field, by its summary. */}
          {firstInvalid ? <Alert tone="error">{INVALID_BANNER}</Alert> : <ErrorResult message={failure} trigger={send.error} />}
          <div className="form-grid">
            <ContactFields
              name="full"
              values={values}
              onChange={(field, value) => set(field as TextFieldName)(value)}
              errorOf={first}
              telephone={preferred === 'phone' ? 'required' : 'optional'}
              telephoneHint={preferred === 'phone' ? 'Needed: you asked us to call you.' : undefined}
              labels={{ telephone: preferred === 'phone' ? 'Telephone' : 'Telephone (optional)' }}
            />
            <TextField
              label="Vehicle (make and model)"
              name="vehicle"
              required
              value={values.vehicle}
              onChange={set('vehicle')}
              error={first('vehicle')}
            />
            <TextField
              label="Registration (optional)"
              name="registration"
              value={values.registration}
              onChange={set('registration')}
              error={first('registration')}
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
            error={first('description')}
          />
          <PreferredContactChoice value={preferred} onChange={setPreferred} error={errors.preferred_contact?.[0]} />
          <QuotePhotoPicker
            photos={photos}
            onChange={(next) => {
              setPhotos(next);
              if (next.length) setLostPhotoNames([]);
            }}
            onUnreadable={(id) => setPhotos((current) => markUnreadable(current, id))}
            progress={progress}
            errors={photoErrors}
            disabled={send.isPending}
            vehicleClass={vehicleClass}
            onVehicleClass={setVehicleClass}
            lostPhotoNames={lostPhotoNames}
            addButtonRef={addPhotosRef}
          />
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
            error={first('consent')}
            label={
              <>
                I agree that the shop may use these details and photos to prepare my quote, as the{' '}
                <Link href={screenHref('privacy')}>Privacy Policy</Link> describes.
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
