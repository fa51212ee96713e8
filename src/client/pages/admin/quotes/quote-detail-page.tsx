/**
 * /admin/quotes/:id: a quote request as the customer sent it (shown as text, never as HTML), with
 * the received time at the shop, the telephone as a call link and the e-mail as a mail link; its
 * photos in a lightbox (arrow keys move, Escape closes); the answer to the customer (a price and a
 * message, sent by e-mail and shown in their account: ./quote-reply-form.tsx); the shop's status
 * and notes.
 * The photo links work for 15 minutes, so the request is fetched again before they run out.
 */
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { formatDate, formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextAreaField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import type { QuoteDetail, QuotePhoto } from '#shared/schemas/quotes.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '#shared/value-sets.ts';
import type { LightboxPicture } from '#client/components/gallery/lightbox.tsx';
import { QUOTE_STATUS_LABELS } from './quote-status.ts';
import { OpenRepairJobForm } from '#client/pages/admin/repairs/open-repair-job-form.tsx';
import { phoneHref } from '#client/lib/shop.ts';
import { ContactLink } from '#client/components/contact-link.tsx';
import { QuoteReplyForm } from './quote-reply-form.tsx';
import { ThreadPanel } from '#client/pages/admin/thread-panel.tsx';
import { QuoteWorkLinks } from './quote-work-links.tsx';
import { EstimateBuilder } from './estimate-builder.tsx';
import { InsuranceClaimPanel } from '#client/pages/admin/insurance-claim-panel.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

const Lightbox = lazy(async () => ({ default: (await import('#client/components/gallery/lightbox.tsx')).Lightbox }));

/** A damage photo as the lightbox shows it (its signed link). */
function damagePicture(photo: QuotePhoto, index: number): LightboxPicture {
  return { src: photo.url, width: photo.width, height: photo.height, alt: `Damage photo ${index + 1}` };
}

/** Well inside the links' 15 minutes. */
const REFRESH_LINKS_MS = 10 * 60 * 1000;

export function QuoteDetailPage({ id }: { id: number }) {
  // Fetched again every 10 minutes while shown, and on coming back to the tab after 5.
  const quote = useQuery({
    ...trpc.quotes.admin.get.queryOptions({ id }),
    refetchInterval: REFRESH_LINKS_MS,
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: true,
  });
  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminQuotes')}>← All quote requests</Link>
      </p>
      <ErrorSummary error={quote.error} />
      {quote.isPending ? <Spinner label="Loading quote request…" /> : quote.data && <QuoteView quote={quote.data} />}
    </>
  );
}

function QuoteView({ quote }: { quote: QuoteDetail }) {
  const dates = useDateFormat();
  const [status, setStatus] = useState<QuoteStatus>(quote.status);
  // Sending an answer makes a new request `quoted`: the select follows.
  useEffect(() => setStatus(quote.status), [quote.status]);
  const [notes, setNotes] = useState(quote.notes);
  const [open, setOpen] = useState<number | null>(null);
  const [saved, flashSaved] = useFlash(ADMIN_BANNER_MS);
  const [, navigate] = useLocation();
  const confirm = useConfirm();

  const update = useMutation(
    trpc.quotes.admin.update.mutationOptions({
      onSuccess: async (answer) => {
        setStatus(answer.status);
        setNotes(answer.notes);
        flashSaved('Your Changes Have Been Saved');
        queryClient.setQueryData(trpc.quotes.admin.get.queryKey({ id: quote.id }), answer);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.quotes.admin.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.quotes.admin.counts.pathKey() }),
        ]);
      },
    }),
  );
  const remove = useMutation(
    trpc.quotes.admin.delete.mutationOptions({
      onSuccess: async () => {
        queryClient.removeQueries({ queryKey: trpc.quotes.admin.list.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.quotes.admin.counts.pathKey() });
        navigate(screenHref('adminQuotes'));
      },
    }),
  );
  const errors = fieldErrorsOf(update.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: quote.id, status, notes });
  }

  async function onDelete() {
    if (await confirm()) remove.mutate({ id: quote.id });
  }

  const facts: [string, string][] = [
    ['Received', formatDateTime(quote.created_at, dates)],
    ['Name', quote.name],
    ['E-mail', quote.email || '—'],
    ['Telephone', quote.telephone ?? '—'],
    ['Preferred contact', quote.preferred_contact === 'phone' ? 'Telephone' : 'E-mail'],
    ['Vehicle', quote.vehicle],
    ['Registration', quote.registration ?? '—'],
  ];

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Quote request {quote.reference}</h1>
        <span className={`admin-badge admin-badge--quote-${quote.status}`}>{QUOTE_STATUS_LABELS[quote.status]}</span>
      </div>
      <section className="admin-section" aria-labelledby="quote-request-heading">
        <h2 id="quote-request-heading">The request</h2>
        <dl className="admin-quote__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                {label === 'E-mail' ? (
                  <ContactLink kind="email" value={quote.email} subject={`Your quote request ${quote.reference}`} />
                ) : label === 'Telephone' ? (
                  <ContactLink kind="telephone" value={quote.telephone} />
                ) : label === 'Received' ? (
                  <time dateTime={quote.created_at}>{value}</time>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
        {quote.telephone && (
          <p className="admin-quote__call">
            <a className="btn btn--secondary" href={phoneHref(quote.telephone)}>
              Call {quote.name} on {quote.telephone}
            </a>
          </p>
        )}
        <h3>Damage</h3>
        <p className="admin-quote__description">{quote.description}</p>
      </section>
      <section className="admin-section" aria-labelledby="quote-photos-heading">
        <h2 id="quote-photos-heading">Photos</h2>
        {quote.photos_deleted_at ? (
          <p>The photos were deleted on {formatDate(quote.photos_deleted_at, dates)}, as the retention period had passed.</p>
        ) : quote.photos.length === 0 ? (
          <p>No photos were sent.</p>
        ) : (
          <ul className="admin-quote__photos">
            {quote.photos.map((photo, index) => (
              <li key={photo.id}>
                <button type="button" className="admin-quote__photo" onClick={() => setOpen(index)}>
                  <img src={photo.thumb_url} width={photo.thumb_width} height={photo.thumb_height} alt={`Open damage photo ${index + 1}`} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox pictures={quote.photos.map(damagePicture)} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      <EstimateBuilder quoteId={quote.id} />
      <InsuranceClaimPanel matter="quote-requests" id={quote.id} quoteRequestId={quote.id} />
      <QuoteReplyForm quote={quote} />
      {/* "Send to the customer" stays the screen's one filled button. */}
      <ThreadPanel matter="quote" id={quote.id} sendVariant="secondary" />
      <form
        method="post"
        action={SCRIPT_ONLY_FORM_PATH}
        className="admin-form admin-section"
        onSubmit={submit}
        noValidate
        aria-labelledby="quote-triage-heading"
      >
        <h2 id="quote-triage-heading">Status and notes</h2>
        {saved && <Alert tone="success">{saved}</Alert>}
        <ErrorSummary error={update.error} fields={['status', 'notes']} />
        <ErrorSummary error={remove.error} />
        <SelectField
          label="Status"
          name="status"
          value={status}
          onChange={(value) => setStatus(QUOTE_STATUSES.find((s) => s === value) ?? status)}
          options={QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] }))}
          error={firstError(errors, 'status')}
        />
        <TextAreaField
          label="Notes (only the shop sees them)"
          name="notes"
          value={notes}
          onChange={setNotes}
          rows={5}
          error={firstError(errors, 'notes')}
        />
        <div className="admin-form__actions">
          {/* "Send to the customer" above is this screen's one filled button. */}
          <Button type="submit" variant="secondary" loading={update.isPending}>
            Save
          </Button>
          <Button variant="quiet-danger" loading={remove.isPending} onClick={() => void onDelete()}>
            Delete request
          </Button>
        </div>
      </form>
      <QuoteWorkLinks quote={quote} />
      <OpenRepairJobForm from={{ quote_request_id: quote.id }} />
    </>
  );
}
