/**
 * The shop's details a new database starts with (the seed writes them once; after that the admin
 * edits them at /admin/shop). Nothing reads this at run time: pages, e-mails and the structured
 * data read the shop record (src/server/shop).
 */
import type { Shop } from '#shared/schemas/shop.ts';

const weekday = [{ opens: '09:00', closes: '17:00' }];

export const defaultShop: Shop = {
  name: 'Harbourside Body & Paint',
  tagline: 'Vehicle body shop repairs and paint service in Porthaven',
  addressLines: ['Unit 4, Quay Road Industrial Estate'],
  town: 'Porthaven',
  county: 'Cornwall',
  postcode: 'TR19 4QX',
  country: 'GB',
  telephone: '01736 555 014',
  email: 'hello@harbourside-bodyshop.co.uk',
  latitude: 50.104,
  longitude: -5.547,
  socialLinks: [{ label: 'Facebook', url: 'https://www.facebook.com/harboursidebodyandpaint' }],
  openingHours: {
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: weekday,
    saturday: [],
    sunday: [],
  },
  closures: [],
  timeZone: 'Europe/London',
};
