// The activity log: its screen's filters and entries, and the CSV's query
// (src/server/activity/activity.router.ts).
import { z } from 'zod';
import { calendarDateCheck, integerField, messages, yearsWindow } from '#shared/validation.ts';
import { ACTIVITY_KINDS } from '#shared/value-sets.ts';
import { MAX_ID } from '#shared/schemas/content-inputs.ts';

export { ACTIVITY_PAGE_SIZE } from '#shared/limits.ts';

/** A day in the shop's time zone, YYYY-MM-DD; empty is no filter. */
const dayFilter = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: messages.string(field) })
      .max(10, `The ${field} must be a date (YYYY-MM-DD).`)
      .superRefine(calendarDateCheck(field, yearsWindow, `The ${field} must be a date (YYYY-MM-DD).`))
      .optional(),
  );

const emptyIsUnset = (v: unknown) => (v === '' || v === null ? undefined : v);

const filterFields = {
  /** The person who did it (a user id). */
  user: z.preprocess(emptyIsUnset, integerField('user', 1, MAX_ID).optional()),
  kind: z.preprocess(emptyIsUnset, z.enum(ACTIVITY_KINDS, { error: messages.in('kind') }).optional()),
  from: dayFilter('from'),
  to: dayFilter('to'),
};

const toNotBeforeFrom = (v: { from?: string | undefined; to?: string | undefined }) => !v.from || !v.to || v.from <= v.to;
const TO_BEFORE_FROM = { message: 'The to date must be on or after the from date.', path: ['to'] };

/** The CSV download's query: the screen's filters. */
export const activityFilterInput = z.object(filterFields).refine(toNotBeforeFrom, TO_BEFORE_FROM);
export type ActivityFilterInput = z.infer<typeof activityFilterInput>;

/** The screen's query: the filters and a page (from 1). */
export const activityListInput = z
  .object({ ...filterFields, page: z.preprocess(emptyIsUnset, integerField('page', 1, 100_000).optional()) })
  .refine(toNotBeforeFrom, TO_BEFORE_FROM);
export type ActivityListInput = z.infer<typeof activityListInput>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Null once the account was deleted (the name is then "Deleted user") or for the system and visitors. */
  user_id: z.number().int().nullable(),
  actor_name: z.string(),
  ip: z.string().nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  what: z.string(),
  item_type: z.string().nullable(),
  item_id: z.number().int().nullable(),
  item_label: z.string().nullable(),
  version_id: z.number().int().nullable(),
  details: z.string().nullable(),
  /** Where the item (or its version) is edited in the admin area, when it still exists there. */
  link: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A page of entries, in the page envelope of the users' and quote requests' lists. */
export const activityPageSchema = z.object({
  data: z.array(activityEntrySchema),
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The people the "Person" filter offers: everyone who has an entry and still has an account. */
export const activityPeopleSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
