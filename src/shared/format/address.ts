import type { Shop } from '#shared/schemas/shop.ts';

/**
 * The shop's address on one line, "Unit 4, Quay Road Industrial Estate, Penzance, Cornwall, TR19 4QX":
 * its lines, town, county and postcode, the empty ones left out. The one way it is joined: the
 * address token on pages, the e-mails' signature and a booking's place (its mail and .ics).
 */
export function formatAddressLine(shop: Pick<Shop, 'addressLines' | 'town' | 'county' | 'postcode'>): string {
  return [...shop.addressLines, shop.town, shop.county, shop.postcode].filter((part) => part.trim() !== '').join(', ');
}
