/** The quote page once the request is in: its reference, what was sent and what happens next. */
import { Link } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { useResultInView } from '#client/components/result-in-view.tsx';
import { screenHref, screenHrefWithQuery } from '#client/lib/screen-links.ts';

/** What the customer sent, repeated under the confirmation (absent after a form posted without JavaScript). */
export interface QuoteSent {
  vehicle: string;
  registration: string;
  description: string;
}

export function QuoteDone({ reference, signedIn, sent }: { reference: string; signedIn: boolean; sent?: QuoteSent | null }) {
  const resultRef = useResultInView<HTMLDivElement>(reference);
  return (
    <>
      <PageHeader title="Get a quote" />
      <section className="section container quote">
        <div className="quote__done result-in-view" role="status" ref={resultRef} tabIndex={-1}>
          <h2 className="section__title section__title--left">Thank you, we have your request</h2>
          <p>
            Your reference is <strong className="quote__reference">{reference}</strong>. Please mention it when you contact us. A
            confirmation is on its way to your e-mail.
          </p>
          <p>We look at every request within two working days and get back to you the way you asked.</p>
          <p>
            Would you rather we looked at it in person?{' '}
            <Link href={screenHrefWithQuery('book', { quote: reference })}>Book an estimate visit</Link> with this request&apos;s reference.
          </p>
          <p>
            {signedIn ? (
              <Link href={screenHref('accountQuotes')}>See your quote requests</Link>
            ) : (
              <Link href={screenHref('home')}>Back to the home page</Link>
            )}
          </p>
        </div>
        {sent && (
          <dl className="quote__sent" aria-label="What you sent">
            <dt>Vehicle</dt>
            <dd>
              {sent.vehicle}
              {sent.registration ? ` (${sent.registration})` : ''}
            </dd>
            <dt>The damage</dt>
            <dd>{sent.description}</dd>
          </dl>
        )}
      </section>
    </>
  );
}
