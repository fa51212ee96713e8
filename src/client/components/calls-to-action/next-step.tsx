import type { Shop } from '#shared/schemas/shop.ts';
import { openingStatus } from '#shared/opening-status.ts';
import { useNowAfterMount } from '#client/lib/shop.ts';
import { CallLink, PhoneIcon, QuoteLink } from './call-links.tsx';

/**
 * The short prompt every public page ends with: get a quote, or call (with whether the shop is
 * open now). "Open now, closes at 5pm" depends on the clock, so it is worked out once the page
 * is live (useNowAfterMount): the server's HTML, cached per content version, and the browser's
 * first render both hold the empty line, whose height is reserved (docs/decisions/shop-record.md).
 */
export function NextStep({ shop }: { shop: Shop }) {
  const now = useNowAfterMount();
  const status = now && openingStatus(shop, now);
  return (
    <section className="next-step" aria-labelledby="next-step-title">
      <div className="container next-step__inner">
        <div className="next-step__text">
          <h2 id="next-step-title" className="next-step__title">
            Need a repair? Get a free quote
          </h2>
          <p>
            Send us a few details and photos for a quote, or call us on <CallLink shop={shop} />.
          </p>
          <p className={`next-step__status${status?.isOpen ? ' is-open' : ''}`} aria-live="polite">
            {status?.text}
          </p>
        </div>
        <div className="next-step__actions">
          <QuoteLink className="btn btn--primary btn--lg" />
          <CallLink shop={shop} className="btn btn--secondary btn--lg">
            <PhoneIcon />
            {shop.telephone}
          </CallLink>
        </div>
      </div>
    </section>
  );
}
