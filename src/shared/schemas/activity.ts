// The activity log: its screen's filters and entries, and the CSV's query
// (src/server/activity/activity.router.ts).
import { z } from 'zod';
import { calendarDateCheck, integerField, messages, yearsWindow } from '#shared/validation.ts';
import { ACTIVITY_KINDS } from '#shared/value-sets.ts';
import { MAX_ID } from '#shared/schemas/content-inputs.ts';
import { searchField } from '#shared/schemas/paging.ts';

import { ACTIVITY_PAGE_MAX, ACTIVITY_PEOPLE_MAX } from '#shared/limits.ts';

export { ACTIVITY_COUNT_CAP, ACTIVITY_PAGE_MAX, ACTIVITY_PAGE_SIZE, ACTIVITY_PEOPLE_DEFAULT, ACTIVITY_PEOPLE_MAX } from '#shared/limits.ts';

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

/**
 * The screen's query: the filters, `limit` entries (25 by default) and where to start: `cursor`,
 * the previous page's `next_cursor` (the screen's way, as fast on the last page as on the first),
 * or `page` (from 1), the numbered pages older REST clients ask for. Not both.
 */
export const activityListInput = z
  .object({
    ...filterFields,
    page: z.preprocess(emptyIsUnset, integerField('page', 1, 100_000).optional()),
    cursor: z.preprocess(
      emptyIsUnset,
      z
        .string({ error: messages.string('cursor') })
        .max(100, 'The cursor is not one this log gave.')
        .optional(),
    ),
    limit: z.preprocess(emptyIsUnset, integerField('limit', 1, ACTIVITY_PAGE_MAX).optional()),
  })
  .refine(toNotBeforeFrom, TO_BEFORE_FROM)
  .refine((v) => v.page === undefined || v.cursor === undefined, {
    message: 'Give a page or a cursor, not both.',
    path: ['cursor'],
  });
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

/**
 * A page of entries, in the page envelope of the users' and quote requests' lists, and the
 * cursor of the next (older) page, null on the last. `total` counts no further than
 * ACTIVITY_COUNT_CAP past the page's start (`total_capped` then: "1,000+"). `current_page` and
 * `last_page` are numbers for a numbered page and null for a cursor's.
 */
export const activityPageSchema = z.object({
  data: z.array(activityEntrySchema),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
  total_capped: z.boolean(),
  per_page: z.number().int(),
  current_page: z.number().int().nullable(),
  last_page: z.number().int().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/**
 * The "Person" filter asks as one types: the people whose name or e-mail contains `search`, at
 * most `limit` (20 by default), and the chosen `user` too, so the filter can still name them.
 */
export const activityPeopleInput = z
  .object({
    search: searchField,
    limit: z.preprocess(emptyIsUnset, integerField('limit', 1, ACTIVITY_PEOPLE_MAX).optional()),
    user: filterFields.user,
  })
  .optional();
export type ActivityPeopleInput = z.infer<typeof activityPeopleInput>;

/** The people the "Person" filter offers: those who have an entry and still have an account. */
export const activityPeopleSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
