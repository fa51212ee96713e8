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

export const dashboardSchema = z.object({
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
