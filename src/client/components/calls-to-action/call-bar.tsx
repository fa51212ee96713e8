import type { Shop } from '#shared/schemas/shop.ts';
import { CallLink, PhoneIcon, QuoteLink } from './call-links.tsx';

/**
 * The bar fixed to the bottom of a phone's screen: call the shop, or get a quote. Rendered on the
 * server from the shop record like the rest of the page; CSS shows it below 900 px only, and the
 * footer keeps the bar's height free at its bottom (`.site-footer--above-call-bar`), so nothing
 * moves when it appears and it never covers the footer's links. The route table says where it is
 * left out (`callsToAction: false`: the quote form itself).
 */
export function CallBar({ shop }: { shop: Shop }) {
  return (
    <nav className="call-bar" aria-label="Call or get a quote">
      <CallLink shop={shop} className="call-bar__link call-bar__link--call">
        <PhoneIcon />
        Call
      </CallLink>
      <QuoteLink className="call-bar__link call-bar__link--quote" />
    </nav>
  );
}
