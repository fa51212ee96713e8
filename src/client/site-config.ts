import { shopDetails } from '#shared/shop-details.ts';

/** The shop's details as the client shows them (src/shared/shop-details.ts is their one source). */
export const siteConfig = {
  name: shopDetails.name,
  tagline: shopDetails.tagline,
  address: [shopDetails.street, shopDetails.town, shopDetails.county, shopDetails.postcode],
  phone: shopDetails.phone,
  email: shopDetails.email,
  openingTimes: shopDetails.openingTimes,
  social: shopDetails.social,
  // OpenStreetMap is the only map host the server's Content-Security-Policy lets us frame.
  map: {
    embedUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=-5.5560%2C50.0995%2C-5.5380%2C50.1085&layer=mapnik&marker=50.1040%2C-5.5470',
    linkUrl: 'https://www.openstreetmap.org/?mlat=50.1040&mlon=-5.5470#map=16/50.1040/-5.5470',
  },
} as const;

/** `tel:` wants the digits only. */
export const phoneHref = `tel:${siteConfig.phone.replace(/\s+/g, '')}`;
