// The account dashboard's one read (GET /api/user/dashboard): the newest few of the customer's
// quotes, bookings and repairs, each with whether there are more (their own pages list them all).
import { z } from 'zod';
import { BOOKING_STATUSES, QUOTE_STATUSES } from '#shared/value-sets.ts';

/** How many of each kind the account dashboard lists. */
export const MY_DASHBOARD_ROWS = 3;

export const myDashboardSchema = z.object({
  quotes: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        reference: z.string(),
        vehicle: z.string(),
        status: z.enum(QUOTE_STATUSES),
        created_at: z.string(),
      }),
    ),
    more: z.boolean(),
  }),
  bookings: z.object({
    items: z.array(
      z.object({
        reference: z.string(),
        type_name: z.string(),
        starts_at: z.string(),
        ends_at: z.string(),
        status: z.enum(BOOKING_STATUSES),
      }),
    ),
    more: z.boolean(),
  }),
  repairs: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        reference: z.string(),
        vehicle: z.string(),
        collected_at: z.string().nullable(),
        /** The stage the job is at now (null only if it was removed). */
        stage_name: z.string().nullable(),
      }),
    ),
    more: z.boolean(),
  }),
});
export type MyDashboard = z.infer<typeof myDashboardSchema>;
