// The admin's dashboard (GET /api/admin/dashboard, docs/product.md "Dashboard"): the work waiting
// for the shop, panel by panel, and the site's counts in a small panel of their own.
import { z } from 'zod';
import { QUOTE_STATUSES } from '#shared/value-sets.ts';

/** How many of the newest quote requests and pending feedback the dashboard lists. */
export const DASHBOARD_LIST_SIZE = 5;

const dashboardBookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  type_name: z.string(),
  name: z.string(),
  vehicle: z.string(),
});

/** Where a waiting message is answered: the page of its matter's job, booking or quote. */
export const NEEDS_YOU_SCREENS = ['adminRepair', 'adminBooking', 'adminQuote'] as const;

const waitingBookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  vehicle: z.string(),
  starts_at: z.string(),
  /** The customer's words (a change request's), else null. */
  note: z.string().nullable(),
});

/**
 * What waits for the shop, first on the dashboard: each kind's count (the menu badges count the
 * same) and its newest few (DASHBOARD_LIST_SIZE), each answered on the page it links to.
 */
export const needsYouSchema = z.object({
  total: z.number().int(),
  messages: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        thread_id: z.number().int(),
        screen: z.enum(NEEDS_YOU_SCREENS),
        id: z.number().int(),
        reference: z.string(),
        name: z.string(),
        last_message_at: z.string().nullable(),
      }),
    ),
  }),
  change_requests: z.object({ count: z.number().int(), items: z.array(waitingBookingSchema) }),
  unseen_bookings: z.object({ count: z.number().int(), items: z.array(waitingBookingSchema) }),
  quotes: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({ id: z.number().int(), reference: z.string(), name: z.string(), vehicle: z.string(), created_at: z.string() }),
    ),
  }),
  feedback: z.object({
    count: z.number().int(),
    items: z.array(z.object({ id: z.number().int(), reference: z.string(), vehicle: z.string(), score: z.number().int().nullable() })),
  }),
  /** Estimates the customer declined, to follow up (until sent again or the quote request is closed); `id` is the quote request's. */
  declined_estimates: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        reference: z.string(),
        name: z.string(),
        vehicle: z.string(),
        declined_at: z.string(),
        reason: z.string().nullable(),
      }),
    ),
  }),
});
export type NeedsYou = z.infer<typeof needsYouSchema>;

/** The Needs you counts alone (GET /api/admin/dashboard/counts), for the menu's badge: each at most NEEDS_YOU_COUNT_CAP. */
export const needsYouCountsSchema = z.object({
  total: z.number().int(),
  messages: z.number().int(),
  change_requests: z.number().int(),
  unseen_bookings: z.number().int(),
  quotes: z.number().int(),
  feedback: z.number().int(),
  declined_estimates: z.number().int(),
  /** True when any count reached NEEDS_YOU_COUNT_CAP: more may wait than the figures say. */
  capped: z.boolean(),
});
export type NeedsYouCounts = z.infer<typeof needsYouCountsSchema>;

export const dashboardSchema = z.object({
  needs_you: needsYouSchema,
  quotes: z.object({
    /** Requests still `new`. */
    new_count: z.number().int(),
    newest: z.array(
      z.object({
        id: z.number().int(),
        reference: z.string(),
        name: z.string(),
        vehicle: z.string(),
        status: z.enum(QUOTE_STATUSES),
        created_at: z.string(),
      }),
    ),
  }),
  bookings: z.object({
    /** The shop's calendar dates (YYYY-MM-DD, its time zone). */
    today: z.string(),
    tomorrow: z.string(),
    today_list: z.array(dashboardBookingSchema),
    tomorrow_list: z.array(dashboardBookingSchema),
  }),
  repairs: z.object({
    open_count: z.number().int(),
    /** Every stage in board order, with its open jobs (0 included). */
    stages: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  }),
  feedback: z.object({
    pending_count: z.number().int(),
    oldest: z.array(
      z.object({
        id: z.number().int(),
        score: z.number().int().nullable(),
        display_name: z.string().nullable(),
        reference: z.string(),
        vehicle: z.string(),
        responded_at: z.string().nullable(),
      }),
    ),
  }),
  mail: z.object({
    failed_count: z.number().int(),
    queued_count: z.number().int(),
    /** Mail has been failing for longer than the warning's threshold (the Outgoing mail screen's warning). */
    warning: z.boolean(),
  }),
  site: z.object({
    users: z.number().int(),
    testimonials: z.number().int(),
    widgets: z.number().int(),
    galleries: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
