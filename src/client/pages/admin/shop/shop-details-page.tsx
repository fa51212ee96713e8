/**
 * Shop details (/admin/shop): the one record the footer, the contact page, the page titles, the
 * e-mails and the structured data read. The whole record is sent on save (PUT /api/shop); a 422
 * keeps every value as typed and puts each message beside its field (nested keys such as
 * `openingHours.monday.1.closes`).
 *
 * Sections with an in-page list of them, the time zone and the country picked from the
 * server's lists (shop.choices), the map position as a pin (shop-location.tsx), "Copy Monday's
 * hours to the weekdays", a save bar that stays in view, and a warning before unsaved changes are
 * lost (use-unsaved-changes.tsx).
 *
 * The record can be kept as a draft beside the published one. The form opens on the
 * draft if there is one and autosaves while the admin types; "Save changes" goes live and the
 * draft is done with. The save bar still speaks of the published record (a draft is not on the
 * site until it is published); the warning before leaving says the changes are kept as a draft.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Shop } from '#shared/schemas/shop.ts';
import type { ShopChoices } from '#shared/schemas/shop-setup.ts';
import { SHOP_LIMITS, ADMIN_BANNER_MS } from '#shared/limits.ts';
import type { ContentVersion } from '#shared/schemas/versions.ts';
import { SCREENS } from '#shared/screens.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { ClosureClashes } from '#client/pages/admin/bookings/closure-clashes.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { useUnsavedChanges } from '#client/pages/admin/use-unsaved-changes.tsx';
import { HistoryPanel } from '#client/pages/admin/history/history-panel.tsx';
import { DraftControls } from '#client/pages/admin/history/draft-controls.tsx';
import { ScheduleChangeForm } from '#client/pages/admin/history/schedule-change-form.tsx';
import { useDraft, type DraftFields } from '#client/pages/admin/history/use-draft.ts';
import { ShopLocation } from './shop-location.tsx';
import { AddressContactSection } from './address-contact-section.tsx';
import { OpeningHoursSection } from './opening-hours-section.tsx';
import { ClosuresEditor } from './closures-editor.tsx';
import { SocialLinksEditor } from './social-links-editor.tsx';
import { TrustSignalsSection } from './trust-signals-section.tsx';
import { draftRecord, errorAt, formValues, toInput, type FormValues } from './shop-form-values.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

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

/** The shop record is one item of the history: its id is always 1 (as the server's SHOP_ITEM_ID). */
const SHOP_ID = 1;

export function ShopDetailsPage() {
  const shop = useQuery(trpc.shop.get.queryOptions());
  // The lists the server accepts; the form works (with the current values only) until they come.
  const choices = useQuery(trpc.shop.choices.queryOptions({}, { staleTime: Infinity }));
  // The form opens on the draft, if there is one.
  const draft = useQuery(trpc.versions.draft.queryOptions({ kind: 'shop', id: SHOP_ID }));
  // A restore (History), a publish or a discard remounts the form with the record as it is now.
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

        <AddressContactSection values={values} set={set} errors={errors} choices={choices} />

        <ShopLocation
          latitude={values.latitude}
          longitude={values.longitude}
          postcode={values.postcode}
          country={values.country}
          fallback={shop}
          onChange={(latitude, longitude) => setValues((v) => ({ ...v, latitude, longitude }))}
          errors={errors}
        />

        <OpeningHoursSection values={values} setValues={setValues} set={set} errors={errors} choices={choices} />

        <div className="shop-form__closures" id="shop-section-closures">
          <ClosuresEditor closures={values.closures} onChange={set('closures')} errors={errors} />
          {/* A closure over booked days lists those bookings before it is saved. */}
          <ClosureClashes closures={values.closures} saved={shop.closures} timeZone={shop.timeZone} />
        </div>

        <SocialLinksEditor links={values.socialLinks} onChange={set('socialLinks')} errors={errors} />

        <TrustSignalsSection values={values} set={set} errors={errors} />
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
