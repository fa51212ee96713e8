/**
 * Placeholders for the shop's details in text blocks (docs/decisions/shop-detail-placeholders.md):
 * the editor inserts `<span data-shop-detail="telephone"></span>`, the sanitiser keeps exactly that
 * attribute with one of these values, and whoever shows the text fills the span from the shop
 * record: the public snapshot (so the API answers with the details), the page's server render and
 * the browser. Filling keeps the span, so it can be filled again (a changed shop, the clock).
 * Pure string work, no DOM: it runs on the server too.
 */
import type { Shop } from '#shared/schemas/shop.ts';
import { openingHoursLines, openingStatus } from '#shared/opening-status.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { formatAddressLine } from '#shared/format/address.ts';

export const SHOP_DETAILS = ['openingHours', 'todayStatus', 'telephone', 'email', 'address', 'town'] as const;
export type ShopDetail = (typeof SHOP_DETAILS)[number];

/** The menu's words, and what the editor shows in place of the detail. */
export const SHOP_DETAIL_LABELS: Record<ShopDetail, string> = {
  openingHours: 'Opening hours',
  todayStatus: "Today's status (open or closed)",
  telephone: 'Telephone',
  email: 'E-mail',
  address: 'Address',
  town: 'Town',
};

export const SHOP_DETAIL_ATTRIBUTE = 'data-shop-detail';

export function isShopDetail(value: string): value is ShopDetail {
  return (SHOP_DETAILS as readonly string[]).includes(value);
}

/**
 * The detail as HTML. `now` null (a server render, or the browser before the page is live) leaves
 * today's status empty, so both render the same; the browser fills it once live.
 */
export function shopDetailHtml(detail: ShopDetail, shop: Shop, now: Date | null): string {
  switch (detail) {
    case 'telephone':
      return shop.telephone ? `<a href="tel:${escapeHtml(shop.telephone.replace(/[^\d+]/g, ''))}">${escapeHtml(shop.telephone)}</a>` : '';
    case 'email':
      return shop.email ? `<a href="mailto:${escapeHtml(shop.email)}">${escapeHtml(shop.email)}</a>` : '';
    case 'address':
      return escapeHtml(formatAddressLine(shop));
    case 'town':
      return escapeHtml(shop.town);
    case 'openingHours':
      return escapeHtml(
        openingHoursLines(shop.openingHours)
          .map((line) => `${line.days}, ${line.hours === 'Closed' ? 'closed' : line.hours}`)
          .join('; '),
      );
    case 'todayStatus':
      return now ? escapeHtml(openingStatus(shop, now).text) : '';
  }
}

/**
 * A placeholder as sanitised HTML holds it: the span with its one attribute, then whatever it was
 * last filled with (never another span: the filled details hold text and links only).
 */
const PLACEHOLDER = /<span data-shop-detail="([A-Za-z]+)">((?:(?!<\/?span)[\s\S])*)<\/span>/g;

/** Fills every placeholder in `html` from the shop; an unknown detail is left empty. */
export function fillShopDetails(html: string, shop: Shop | undefined, now: Date | null): string {
  if (!shop || !html.includes(SHOP_DETAIL_ATTRIBUTE)) return html;
  return html.replace(PLACEHOLDER, (_match, detail: string) => {
    const inner = isShopDetail(detail) ? shopDetailHtml(detail, shop, now) : '';
    return `<span data-shop-detail="${detail}">${inner}</span>`;
  });
}

/** A placeholder to insert (the editor's node renders the same). */
export function shopDetailPlaceholder(detail: ShopDetail): string {
  return `<span data-shop-detail="${detail}"></span>`;
}
