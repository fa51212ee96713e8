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

/**
 * The shop record of a site started without demo content (DEMO_CONTENT off, as on PostgreSQL by
 * default): neutral placeholders that name no real place, number or address, every
 * field the pages need filled, until the admin sets the shop's own at /admin/shop (the first step
 * of the dashboard's checklist). The telephone is in Ofcom's range kept for drama (01632 960xxx),
 * the e-mail on example.com.
 */
export const starterShop: Shop = {
  ...defaultShop,
  name: 'Your body shop',
  tagline: 'Vehicle body repairs and paintwork',
  addressLines: ['Your street'],
  town: 'Your town',
  county: '',
  postcode: 'AB1 2CD',
  telephone: '01632 960000',
  email: 'hello@example.com',
  latitude: 54.0,
  longitude: -2.0,
  socialLinks: [],
};

/** The demo shop's trust signals, written with the demo content (DEMO_CONTENT on), made up like the rest of it. */
export const demoTrustSignals: Pick<Shop, 'accreditations' | 'insurers' | 'yearEstablished' | 'warranty' | 'reviewsUrl'> = {
  accreditations: ['BS 10125', 'PAS 125'],
  insurers: ['Direct Line', 'Aviva', 'Admiral'],
  yearEstablished: 1998,
  warranty: 'Lifetime guarantee on paintwork for as long as you own the vehicle',
  reviewsUrl: 'https://www.google.com/maps/search/?api=1&query=Harbourside+Body+%26+Paint+Porthaven',
};
