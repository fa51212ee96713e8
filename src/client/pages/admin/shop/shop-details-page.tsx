/**
 * Shop details (/admin/shop): the one record the footer, the contact page, the page titles, the
 * e-mails and the structured data read. The whole record is sent on save (PUT /api/shop); a 422
 * keeps every value as typed and puts each message beside its field (nested keys such as
 * `openingHours.monday.1.closes`).
 *
 * Issue 26: sections with an in-page list of them, the time zone and the country picked from the
 * server's lists (shop.choices), the map position as a pin (shop-location.tsx), "Copy Monday's
 * hours to the weekdays", a save bar that stays in view, and a warning before unsaved changes are
 * lost (use-unsaved-changes.tsx).
 *
 * Issue 27: the record can be kept as a draft beside the published one. The form opens on the
 * draft if there is one and autosaves while the admin types; "Save changes" goes live and the
 * draft is done with. The save bar still speaks of the published record (a draft is not on the
 * site until it is published); the warning before leaving says the changes are kept as a draft.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Closure, OpeningRange, Shop } from '#shared/schemas/shop.ts';
import type { ShopChoices } from '#shared/schemas/shop-setup.ts';
import { SHOP_LIMITS, ADMIN_BANNER_MS } from '#shared/limits.ts';
import { WEEKDAYS, type Weekday } from '#shared/value-sets.ts';
import { dayName } from '#shared/opening-status.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { ContentVersion } from '#shared/schemas/versions.ts';
import { SCREENS } from '#shared/screens.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField, type SelectOption } from '#client/components/ui/form-fields.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { ClosureClashes } from '#client/pages/admin/bookings/closure-clashes.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { useUnsavedChanges } from '#client/pages/admin/use-unsaved-changes.tsx';
import { ShopLocation } from './shop-location.tsx';

/** The sections, in order: the in-page list links to each. */
const SECTIONS = [
  { id: 'shop-section-shop', label: 'The shop' },
  { id: 'shop-section-contact', label: 'Address and contact' },
  { id: 'shop-section-map', label: 'Map position' },
  { id: 'shop-section-hours', label: 'Opening hours' },
  { id: 'shop-section-closures', label: 'Closures' },
  { id: 'shop-section-social', label: 'Social links' },
  { id: 'shop-section-trust', label: 'Trust signals' },
] as const;

/** Tuesday to Friday: what "Copy Monday's hours to the weekdays" fills. */
const OTHER_WEEKDAYS: Weekday[] = ['tuesday', 'wednesday', 'thursday', 'friday'];
import { HistoryPanel } from '#client/pages/admin/history/history-panel.tsx';
import { DraftControls } from '#client/pages/admin/history/draft-controls.tsx';
import { ScheduleChangeForm } from '#client/pages/admin/history/schedule-change-form.tsx';
import { useDraft, type DraftFields } from '#client/pages/admin/history/use-draft.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

/** The shop record is one item of the history: its id is always 1 (as the server's SHOP_ITEM_ID). */
const SHOP_ID = 1;

/** A new range starts at the usual hours. */
const DEFAULT_RANGE: OpeningRange = { opens: '09:00', closes: '17:00' };

/** The form's values: the record, with the numbers and the address as the inputs hold them. */
interface FormValues extends Omit<Shop, 'latitude' | 'longitude' | 'addressLines' | 'accreditations' | 'insurers' | 'yearEstablished'> {
  address: string;
  latitude: string;
  longitude: string;
  /** One a line. */
  accreditations: string;
  insurers: string;
  yearEstablished: string;
}

function formValues(shop: Shop): FormValues {
  const { addressLines, latitude, longitude, accreditations, insurers, yearEstablished, ...rest } = shop;
  return {
    ...structuredClone(rest),
    address: addressLines.join('\n'),
    latitude: String(latitude),
    longitude: String(longitude),
    accreditations: accreditations.join('\n'),
    insurers: insurers.join('\n'),
    yearEstablished: yearEstablished === null ? '' : String(yearEstablished),
  };
}

/** A text area's lines, trimmed, without empty ones. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A number as typed: the server says what is wrong with anything else. */
const numberOrText = (value: string): number | string | undefined =>
  value.trim() === '' ? undefined : Number.isFinite(Number(value)) ? Number(value) : value;

function toInput(values: FormValues) {
  const { address, latitude, longitude, accreditations, insurers, yearEstablished, ...rest } = values;
  return {
    ...rest,
    addressLines: linesOf(address),
    latitude: numberOrText(latitude),
    longitude: numberOrText(longitude),
    accreditations: linesOf(accreditations),
    insurers: linesOf(insurers),
    yearEstablished: numberOrText(yearEstablished) ?? null,
  };
}

/** The first message of a key or of anything below it (`addressLines` also shows `addressLines.1`). */
function errorAt(errors: FieldErrors, key: string): string | undefined {
  return firstError(errors, key) ?? Object.entries(errors).find(([field]) => field.startsWith(`${key}.`))?.[1][0];
}

export function ShopDetailsPage() {
  const shop = useQuery(trpc.shop.get.queryOptions());
  // The lists the server accepts; the form works (with the current values only) until they come.
  const choices = useQuery(trpc.shop.choices.queryOptions({}, { staleTime: Infinity }));
  // The form opens on the draft, if there is one.
  const draft = useQuery(trpc.versions.draft.queryOptions({ kind: 'shop', id: SHOP_ID }));
  // A restore (History, issue 27), a publish or a discard remounts the form with the record as it is now.
  const [generation, setGeneration] = useState(0);
  const reset = () => setGeneration((g) => g + 1);
  return (
    <>
      <ErrorSummary error={shop.error ?? draft.error} />
      {shop.isPending || draft.isPending ? (
        <Spinner label="Loading the shop's details…" />
      ) : (
        shop.data &&
        draft.data && <ShopForm key={generation} shop={shop.data} draft={draft.data.draft} choices={choices.data} onReset={reset} />
      )}
      {shop.data && <HistoryPanel kind="shop" id={SHOP_ID} onRestored={reset} />}
    </>
  );
}

/** The list's options, with the current value kept first when the list does not have it (an older record). */
function optionsWith(current: string, options: SelectOption[]): SelectOption[] {
  return options.some((option) => option.value === current) ? options : [{ value: current, label: current }, ...options];
}

function timeZoneOptions(current: string, choices: ShopChoices | undefined): SelectOption[] {
  return optionsWith(
    current,
    (choices?.timeZones ?? []).map((name) => ({ value: name, label: name.replaceAll('_', ' ') })),
  );
}

function countryOptions(current: string, choices: ShopChoices | undefined): SelectOption[] {
  return optionsWith(
    current,
    (choices?.countries ?? []).map(({ code, name }) => ({ value: code, label: name })),
  );
}

/** The record as the draft has it (a draft kept before a field was added takes the live one's). */
function draftRecord(shop: Shop, draft: ContentVersion | null): Shop {
  return draft ? { ...shop, ...(draft.data as Partial<Shop>) } : shop;
}

function ShopForm({
  shop,
  draft,
  choices,
  onReset,
}: {
  shop: Shop;
  /** The saved draft as the query has it (it follows each autosave). */
  draft: ContentVersion | null;
  choices: ShopChoices | undefined;
  /** After a publish or a discard: the form shows the record as it is now. */
  onReset: () => void;
}) {
  // A draft saved earlier (autosave included) is where the form picks up.
  const [values, setValues] = useState(() => formValues(draftRecord(shop, draft)));
  // What the server holds, as the form holds it: the form is dirty while it differs.
  const [baseline, setBaseline] = useState(() => JSON.stringify(formValues(shop)));
  const isDirty = JSON.stringify(values) !== baseline;
  const differsFromDraft = JSON.stringify(values) !== JSON.stringify(formValues(draftRecord(shop, draft)));
  // The input's shape is the record's; the server says what is wrong with a value as typed.
  const autosave = useDraft('shop', SHOP_ID, toInput(values) as DraftFields['shop'], differsFromDraft);
  const hasDraft = draft !== null || autosave.savedAt !== null;
  // Once autosaved, nothing typed is lost by leaving; the warning says it is not on the site yet.
  const leaveGuard = useUnsavedChanges(isDirty, hasDraft && !differsFromDraft);
  const [copied, setCopied] = useState('');
  const [saved, flashSaved] = useFlash(ADMIN_BANNER_MS);
  const update = useMutation(
    trpc.shop.update.mutationOptions({
      onSuccess: (answer) => {
        setValues(formValues(answer));
        setBaseline(JSON.stringify(formValues(answer)));
        // The footer and titles on this screen follow at once.
        queryClient.setQueryData(trpc.shop.get.queryKey(), answer);
        // Saved straight to the live record: a draft beside it is done with.
        autosave.cancelPending();
        if (hasDraft) {
          autosave.forget();
          void trpcClient.versions.discardDraft
            .mutate({ kind: 'shop', id: SHOP_ID })
            .catch(() => undefined)
            .then(() => queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() }));
        } else {
          void queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() });
        }
        flashSaved('Your Changes Have Been Saved');
      },
    }),
  );
  const errors = fieldErrorsOf(update.error);
  const formRef = useSubmitFocus(update.status);
  const set =
    <K extends keyof FormValues>(field: K) =>
    (value: FormValues[K]) =>
      setValues((v) => ({ ...v, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    autosave.cancelPending();
    // The server checks everything (and says so per field); the input's shape is the record's.
    update.mutate(toInput(values) as Shop);
  }

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
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      ref={formRef}
      className="admin-form admin-form--page shop-form"
      onSubmit={submit}
      noValidate
    >
      <div className="admin__heading">
        <h1 className="admin__title">Shop details</h1>
      </div>
      <p className="admin-form__note">The footer, the contact page, the page titles, the e-mails and search engines show these.</p>
      <nav className="shop-form__nav" aria-label="Sections of the form">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {saved && <Alert tone="success">{saved}</Alert>}
      <ErrorSummary error={update.error} />
      <DraftControls
        kind="shop"
        id={SHOP_ID}
        autosave={autosave}
        draft={draft}
        // The contact page shows the most of the record: the address, the hours and the closures.
        pageHref={SCREENS.contact.path}
        onPublished={onReset}
        onDiscarded={onReset}
      >
        <ScheduleChangeForm kind="shop" id={SHOP_ID} hasDraft={hasDraft} isPublished />
      </DraftControls>

      <div className="shop-form__sections">
        <fieldset className="admin-form__fieldset" id="shop-section-shop">
          <legend>The shop</legend>
          <div className="admin-form__grid">
            <TextField
              label="Name"
              name="name"
              value={values.name}
              onChange={set('name')}
              error={errorAt(errors, 'name')}
              maxLength={SHOP_LIMITS.name}
              required
            />
            <TextField
              label="Tagline"
              name="tagline"
              value={values.tagline}
              onChange={set('tagline')}
              error={errorAt(errors, 'tagline')}
              maxLength={SHOP_LIMITS.text}
            />
          </div>
        </fieldset>

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

        <ShopLocation
          latitude={values.latitude}
          longitude={values.longitude}
          postcode={values.postcode}
          country={values.country}
          fallback={shop}
          onChange={(latitude, longitude) => setValues((v) => ({ ...v, latitude, longitude }))}
          errors={errors}
        />

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

        <div className="shop-form__closures" id="shop-section-closures">
          <ClosuresEditor closures={values.closures} onChange={set('closures')} errors={errors} />
          {/* Issue 24: a closure over booked days lists those bookings before it is saved. */}
          <ClosureClashes closures={values.closures} saved={shop.closures} timeZone={shop.timeZone} />
        </div>

        <SocialLinksEditor links={values.socialLinks} onChange={set('socialLinks')} errors={errors} />

        <fieldset className="admin-form__fieldset" id="shop-section-trust">
          <legend>Trust signals</legend>
          <p className="admin-form__note">
            The home page shows each of these only when it is filled in; leave any of them empty to hide it.
          </p>
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
              hint="The https address of your reviews (Google, Trustpilot…)."
              value={values.reviewsUrl}
              onChange={set('reviewsUrl')}
              error={errorAt(errors, 'reviewsUrl')}
            />
            <TextField
              label="Review link"
              name="reviewLink"
              type="url"
              hint="Where a customer writes a review (your Google review link): the e-mail after collection offers it."
              value={values.reviewLink}
              onChange={set('reviewLink')}
              error={errorAt(errors, 'reviewLink')}
            />
          </div>
        </fieldset>
      </div>

      {/* Stays in view at the bottom of the window (phones too) while the form scrolls under it. */}
      <div className="shop-form__save-bar" role="region" aria-label="Save">
        <p className="shop-form__save-state" aria-live="polite">
          {update.isPending ? 'Saving…' : isDirty ? 'You have unsaved changes.' : 'No unsaved changes.'}
        </p>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
      {leaveGuard}
    </form>
  );
}

function DayEditor({
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

function ClosuresEditor({
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

function SocialLinksEditor({
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
