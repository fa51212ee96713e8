/**
 * /estimate/{token}: the customer's estimate (rendered by the server for each request:
 * estimates/estimate-page.route.ts). Every price shown is VAT-inclusive, the VAT shown apart in
 * the totals; a supplement lists what changed. Accepting takes a typed name, an optional drawn
 * signature (signature_pad, loaded when the page is open in a browser) and the answer to the
 * 14-day right to cancel; declining asks why (optional). After accepting: "Book a drop-off".
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { screenPathWithQuery } from '#shared/screen-paths.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { formatAmount, formatVatRate } from '#shared/money/estimate-totals.ts';
import { formatDate, formatDateTime } from '#shared/format/dates.ts';
import { NATIVE_FORM_PATHS, SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import type { CustomerEstimate, EstimateLine } from '#shared/schemas/estimates.ts';
import type { EstimateLineKind } from '#shared/value-sets.ts';
import './estimate.css';

const KIND_LABELS: Record<EstimateLineKind, string> = {
  part: 'Part',
  labour: 'Labour',
  paint_materials: 'Paint and materials',
  sundries: 'Sundries',
};

function quantityText(line: EstimateLine): string {
  if (line.kind !== 'labour') return `${line.quantity} ×`;
  const hours = `${Math.trunc(line.quantity / 100)}.${String(line.quantity % 100).padStart(2, '0')}`;
  return `${hours} h`;
}

export function EstimatePage({ token }: { token: string }) {
  const estimate = useQuery({ ...trpc.estimates.byToken.queryOptions({ token }), retry: false });
  return (
    <>
      <PageHeader title="Your estimate" />
      <section className="section container estimate">
        {estimate.isError && <Alert tone="error">{messageOf(estimate.error)}</Alert>}
        {estimate.isPending && <Spinner label="Loading…" />}
        {estimate.data && <EstimateView token={token} estimate={estimate.data} />}
      </section>
    </>
  );
}

function LineList({ lines, vatRegistered }: { lines: EstimateLine[]; vatRegistered: boolean }) {
  return (
    <ul className="estimate__lines">
      {lines.map((line, index) => (
        <li key={`${line.kind}-${index}`} className="estimate__line">
          <span className="estimate__line-what">
            <span className="estimate__kind">{KIND_LABELS[line.kind]}</span> {line.description}
          </span>
          <span className="estimate__line-qty">{quantityText(line)}</span>
          <strong className="estimate__line-price">{formatAmount(line.gross_pence)}</strong>
          {vatRegistered && <span className="estimate__line-vat">incl. VAT at {formatVatRate(line.vat_rate_bp)}</span>}
        </li>
      ))}
    </ul>
  );
}

export function EstimateView({ token, estimate }: { token: string; estimate: CustomerEstimate }) {
  const dates = useDateFormat();
  const { version, changes } = estimate;
  const bookHref = screenPathWithQuery('book', { quote: estimate.reference });
  return (
    <div className="estimate__body" data-testid={`estimate-${estimate.reference}`}>
      <p>
        {estimate.shop_name}: estimate {estimate.reference}
        {version.number > 1 ? ` (version ${version.number})` : ''} for your <strong>{estimate.vehicle}</strong>.
      </p>
      {version.valid_until && <p>Valid until {formatDate(version.valid_until, dates)}.</p>}
      {changes && (
        <div className="estimate__changes">
          <h2>What changed since version {changes.previous_number}</h2>
          <p>
            The total was {formatAmount(changes.previous_gross_pence)} and is now {formatAmount(version.totals.gross_pence)}
            {changes.difference_pence === 0
              ? ': unchanged.'
              : ` (${changes.difference_pence > 0 ? 'up' : 'down'} by ${formatAmount(Math.abs(changes.difference_pence))}).`}
          </p>
          {version.status === 'sent' && <p>We need your agreement to this version before we do the extra work.</p>}
          {changes.added.length > 0 && (
            <>
              <h3>Added</h3>
              <LineList lines={changes.added} vatRegistered={version.vat_registered} />
            </>
          )}
          {changes.changed.length > 0 && (
            <>
              <h3>Changed</h3>
              <ul className="estimate__lines">
                {changes.changed.map(({ before, after }, index) => (
                  <li key={index} className="estimate__line">
                    <span className="estimate__line-what">{after.description}</span>
                    <span className="estimate__line-qty">
                      {quantityText(before)} → {quantityText(after)}
                    </span>
                    <strong className="estimate__line-price">
                      {formatAmount(before.gross_pence)} → {formatAmount(after.gross_pence)}
                    </strong>
                  </li>
                ))}
              </ul>
            </>
          )}
          {changes.removed.length > 0 && (
            <>
              <h3>Removed</h3>
              <LineList lines={changes.removed} vatRegistered={version.vat_registered} />
            </>
          )}
        </div>
      )}
      <h2>The work</h2>
      <LineList lines={version.lines} vatRegistered={version.vat_registered} />
      <dl className="estimate__totals">
        {version.vat_registered && (
          <>
            <dt>Of which VAT</dt>
            <dd>{formatAmount(version.totals.vat_pence)}</dd>
          </>
        )}
        <dt>Total{version.vat_registered ? ' including VAT' : ''}</dt>
        <dd>
          <strong>{formatAmount(version.totals.gross_pence)}</strong>
        </dd>
      </dl>
      {version.vat_registered && <p className="estimate__small">VAT number {version.vat_number}.</p>}
      {version.notes && <p>{version.notes}</p>}
      {version.terms && (
        <details className="estimate__terms">
          <summary>Terms</summary>
          <p>{version.terms}</p>
        </details>
      )}

      {version.status === 'accepted' && (
        <Alert tone="success">
          Accepted by {version.accepted_name}
          {version.answered_at ? ` on ${formatDateTime(version.answered_at, dates)}` : ''}. Thank you.
        </Alert>
      )}
      {version.status === 'accepted' && (
        <p>
          <a className="btn btn--primary" href={bookHref}>
            Book a drop-off
          </a>
        </p>
      )}
      <p>
        <a className="btn btn--secondary" href={`/api/estimates/${encodeURIComponent(token)}/estimate.pdf`} download>
          Download the estimate (PDF)
        </a>
      </p>
      {version.status === 'declined' && <Alert tone="info">You declined this estimate. We have let the workshop know.</Alert>}
      {estimate.can_answer && version.content_hash && <AnswerForms token={token} hash={version.content_hash} />}
      {!estimate.can_answer && version.status === 'sent' && (
        <Alert tone="info">This estimate has expired: please ask us for a new one.</Alert>
      )}
    </div>
  );
}

function AnswerForms({ token, hash }: { token: string; hash: string }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [startWithin, setStartWithin] = useState<'' | 'true' | 'false'>('');
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<{ isEmpty(): boolean; toDataURL(type?: string): string; clear(): void } | null>(null);
  const key = trpc.estimates.byToken.queryKey({ token });
  const accept = useMutation(trpc.estimates.accept.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(key, data) }));
  const decline = useMutation(trpc.estimates.decline.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(key, data) }));
  const errors = fieldErrorsOf(accept.error);

  useEffect(() => {
    let cancelled = false;
    void import('signature_pad').then(({ default: SignaturePad }) => {
      if (cancelled || !canvas.current) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.current.width = canvas.current.offsetWidth * ratio;
      canvas.current.height = canvas.current.offsetHeight * ratio;
      canvas.current.getContext('2d')?.scale(ratio, ratio);
      pad.current = new SignaturePad(canvas.current);
      // Strokes drawn before the pad exists are lost: the page says when it takes them.
      canvas.current.dataset.ready = 'true';
    });
    return () => {
      cancelled = true;
    };
  }, []);

  function submitAccept(event: FormEvent) {
    event.preventDefault();
    const signature = pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : null;
    accept.mutate({
      token,
      version_hash: hash,
      name,
      signature,
      start_within_cancellation: startWithin === '' ? null : startWithin === 'true',
    });
  }
  function submitDecline(event: FormEvent) {
    event.preventDefault();
    decline.mutate({ token, version_hash: hash, reason });
  }

  return (
    <div className="estimate__answer">
      <h2>Accept the estimate</h2>
      <form method="post" action={NATIVE_FORM_PATHS.estimateAccept} onSubmit={submitAccept} noValidate>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="version_hash" value={hash} />
        {accept.isError && !Object.keys(errors).length && <Alert tone="error">{messageOf(accept.error)}</Alert>}
        {firstError(errors, 'version_hash') && <Alert tone="error">{firstError(errors, 'version_hash')}</Alert>}
        <TextField
          label="Your full name"
          name="name"
          value={name}
          onChange={setName}
          error={firstError(errors, 'name')}
          autoComplete="name"
        />
        <div className="field">
          <span className="field__label">Your signature (optional)</span>
          <canvas ref={canvas} className="estimate__signature" aria-label="Draw your signature" />
          <button type="button" className="btn btn--link" onClick={() => pad.current?.clear()}>
            Clear the signature
          </button>
          {firstError(errors, 'signature') && <p className="field__error">{firstError(errors, 'signature')}</p>}
        </div>
        <fieldset className="field estimate__cancel">
          <legend>Your right to cancel</legend>
          <p>
            You agreed this estimate at a distance, so you may cancel within 14 days of accepting it without giving a reason. If you ask us
            to start within those 14 days and then cancel, you pay for the work done until then.
          </p>
          <label>
            <input
              type="radio"
              name="start_within_cancellation"
              value="true"
              checked={startWithin === 'true'}
              onChange={() => setStartWithin('true')}
            />{' '}
            Please start the work within the 14 days
          </label>
          <label>
            <input
              type="radio"
              name="start_within_cancellation"
              value="false"
              checked={startWithin === 'false'}
              onChange={() => setStartWithin('false')}
            />{' '}
            Wait until the 14 days have passed
          </label>
          {firstError(errors, 'start_within_cancellation') && (
            <p className="field__error">{firstError(errors, 'start_within_cancellation')}</p>
          )}
        </fieldset>
        <Button type="submit" loading={accept.isPending}>
          Accept the estimate
        </Button>
      </form>

      {declining ? (
        <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={submitDecline} noValidate className="estimate__decline">
          <h2>Decline the estimate</h2>
          {decline.isError && <Alert tone="error">{messageOf(decline.error)}</Alert>}
          <TextAreaField label="Why? (optional)" name="reason" value={reason} onChange={setReason} rows={3} maxLength={2000} />
          <Button type="submit" loading={decline.isPending}>
            Decline the estimate
          </Button>
        </form>
      ) : (
        <button type="button" className="btn btn--link" onClick={() => setDeclining(true)}>
          Decline this estimate
        </button>
      )}
    </div>
  );
}
