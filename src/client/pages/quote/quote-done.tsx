/** The quote page once the request is in: its reference and what happens next. */
import { Link } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

export function QuoteDone({ reference, signedIn }: { reference: string; signedIn: boolean }) {
  return (
    <>
      <PageHeader title="Get a quote" />
      <section className="section container quote">
        <div className="quote__done" role="status">
          <h2 className="section__title section__title--left">Thank you, we have your request</h2>
          <p>
            Your reference is <strong className="quote__reference">{reference}</strong>. Please mention it when you contact us. A
            confirmation is on its way to your e-mail.
          </p>
          <p>We look at every request within two working days and get back to you the way you asked.</p>
          <p>
            Would you rather we looked at it in person? <Link href={screenHref('book')}>Book an estimate visit</Link>
            {signedIn ? ' and pick this request on the booking form.' : ` and give your reference ${reference}.`}
          </p>
          <p>
            {signedIn ? (
              <Link href={screenHref('accountQuotes')}>See your quote requests</Link>
            ) : (
              <Link href={screenHref('home')}>Back to the home page</Link>
            )}
          </p>
        </div>
      </section>
    </>
  );
}
