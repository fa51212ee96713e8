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
  // Trust signals are the admin's to fill in (/admin/shop): a real shop starts with none.
  accreditations: [],
  insurers: [],
  yearEstablished: null,
  warranty: '',
  reviewsUrl: '',
  reviewLink: '',
};

/** The demo shop's trust signals, written with the demo content (DEMO_CONTENT on), made up like the rest of it. */
export const demoTrustSignals: Pick<Shop, 'accreditations' | 'insurers' | 'yearEstablished' | 'warranty' | 'reviewsUrl'> = {
  accreditations: ['BS 10125', 'PAS 125'],
  insurers: ['Direct Line', 'Aviva', 'Admiral'],
  yearEstablished: 1998,
  warranty: 'Lifetime guarantee on paintwork for as long as you own the vehicle',
  reviewsUrl: 'https://www.google.com/maps/search/?api=1&query=Harbourside+Body+%26+Paint+Porthaven',
};
