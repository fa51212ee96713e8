/** The shop as schema.org structured data, for every page's head (page-head.ts). */
import type { Shop } from '#shared/schemas/shop.ts';
import { WEEKDAYS } from '#shared/value-sets.ts';
import { dayName } from '#shared/opening-status.ts';

/**
 * schema.org AutoBodyShop from the shop's details; no review ratings (search engines distrust
 * self-served ones). Days with the same hours share an OpeningHoursSpecification; closures are
 * special opening hours with no `opens` (schema.org: "the place is open if the opens property is
 * specified, and closed otherwise").
 */
export function shopStructuredData(shop: Shop, appUrl: string, image: string | undefined): Record<string, unknown> {
  const byHours = new Map<string, { days: string[]; opens: string; closes: string }>();
  for (const day of WEEKDAYS) {
    for (const range of shop.openingHours[day]) {
      const key = `${range.opens}-${range.closes}`;
      const found = byHours.get(key) ?? { days: [], opens: range.opens, closes: range.closes };
      found.days.push(`https://schema.org/${dayName(day)}`);
      byHours.set(key, found);
    }
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoBodyShop',
    name: shop.name,
    ...(shop.tagline ? { description: shop.tagline } : {}),
    url: `${appUrl}/`,
    logo: `${appUrl}/logo.svg`,
    ...(image ? { image } : {}),
    telephone: shop.telephone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.addressLines.join(', '),
      addressLocality: shop.town,
      ...(shop.county ? { addressRegion: shop.county } : {}),
      postalCode: shop.postcode,
      addressCountry: shop.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude },
    openingHoursSpecification: [...byHours.values()].map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.days,
      opens: h.opens,
      closes: h.closes,
    })),
    ...(shop.closures.length
      ? {
          specialOpeningHoursSpecification: shop.closures.map((closure) => ({
            '@type': 'OpeningHoursSpecification',
            validFrom: closure.from,
            validThrough: closure.to,
            ...(closure.note ? { description: closure.note } : {}),
          })),
        }
      : {}),
    ...(shop.socialLinks.length ? { sameAs: shop.socialLinks.map((link) => link.url) } : {}),
    // A trust signal the admin may set: the year the shop started trading (an ISO 8601 year).
    ...(shop.yearEstablished !== null ? { foundingDate: String(shop.yearEstablished) } : {}),
  };
}

/** schema.org Service offered on a page (the quote form): the shop (shopStructuredData's) is its provider. */
export function serviceStructuredData(name: string, url: string, shop: Shop, provider: Record<string, unknown>): Record<string, unknown> {
  const { '@context': context, ...shopData } = provider;
  return { '@context': context, '@type': 'Service', name, url, areaServed: shop.town, provider: shopData };
}
