/**
 * The shop's details, the one source for the client (footer, contact page, page titles) and the
 * server (structured data for search engines, the pages' head tags).
 */
export const shopDetails = {
  name: 'Harbourside Body & Paint',
  tagline: 'Vehicle body shop repairs and paint service in Porthaven',
  street: 'Unit 4, Quay Road Industrial Estate',
  town: 'Porthaven',
  county: 'Cornwall',
  postcode: 'TR19 4QX',
  /** ISO 3166-1 alpha-2. */
  country: 'GB',
  phone: '01736 555 014',
  email: 'hello@harbourside-bodyshop.co.uk',
  geo: { latitude: 50.104, longitude: -5.547 },
  /** Opening hours: days (schema.org names) and times (24-hour HH:MM, local time). */
  openingHours: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' }],
  openingTimes: 'Monday to Friday, 9am to 5pm',
  social: { label: 'Facebook', url: 'https://www.facebook.com/harboursidebodyandpaint' },
} as const;
