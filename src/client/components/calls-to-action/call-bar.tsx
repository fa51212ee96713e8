import type { Shop } from '#shared/schemas/shop.ts';
import { BookLink, CallLink, PhoneIcon, QuoteLink } from './call-links.tsx';

/**
 * The bar fixed to the bottom of a phone's screen: call the shop, get a quote, or book a visit. Rendered on the
 * server from the shop record like the rest of the page; CSS shows it below 900 px only, and the
 * footer keeps the bar's height free at its bottom (`.site-footer--above-call-bar`), so nothing
 * moves when it appears and it never covers the footer's links. The route table says where it is
 * left out (`callsToAction: false`: the quote form and the booking screens themselves).
 */
export function CallBar({ shop }: { shop: Shop }) {
  return (
    <nav className="call-bar" aria-label="Call, get a quote or book">
      <CallLink shop={shop} className="call-bar__link call-bar__link--call">
        <PhoneIcon />
        Call
      </CallLink>
      <QuoteLink className="call-bar__link call-bar__link--quote" />
      <BookLink className="call-bar__link call-bar__link--book">Book</BookLink>
    </nav>
  );
}
