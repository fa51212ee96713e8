/**
 * What the shop form and the first-run checklist ask of the server besides the record:
 * the lists the form offers (shop.choices), a postcode's map position (shop.geocode) and the
 * dashboard's checklist (shop.checklist, shop.dismissChecklist).
 */
import { z } from 'zod';
import { requiredString } from '#shared/validation.ts';
import { isCountryCode } from '#shared/countries.ts';

export const shopChoicesSchema = z.object({
  /** IANA names, Europe/London first: exactly what shop.update accepts. */
  timeZones: z.array(z.string()),
  /** ISO 3166-1 alpha-2 codes with their British English names, by name. */
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type ShopChoices = z.infer<typeof shopChoicesSchema>;

export const geocodeInput = z.object({
  postcode: requiredString('postcode', 16),
  country: requiredString('country', 2)
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, 'The country field must be a country from the list.'),
});
export type GeocodeInput = z.infer<typeof geocodeInput>;

export const GEOCODE_STATUSES = ['found', 'not-found', 'not-configured', 'unreachable'] as const;
export type GeocodeStatus = (typeof GEOCODE_STATUSES)[number];

/** The geocoder's answer; only `found` carries a position. `message` is what the form shows. */
export const geocodeResultSchema = z.object({
  status: z.enum(GEOCODE_STATUSES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The place the geocoder matched ("TR18 4AB, Penzance, Cornwall, England, United Kingdom"). */
  place: z.string().nullable(),
  message: z.string(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

export const CHECKLIST_ITEMS = ['shopDetails', 'starterText', 'photos', 'testimonial'] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

export const checklistSchema = z.object({
  /** Dismissed by an admin (for the whole site): the dashboard no longer shows it. */
  dismissed: z.boolean(),
  /** Each step, done when the data says so. */
  items: z.array(z.object({ key: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
});
export type Checklist = z.infer<typeof checklistSchema>;
