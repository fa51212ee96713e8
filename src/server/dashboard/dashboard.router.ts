// The admin's dashboard (docs/rest-contract.md "Admin dashboard"): one read of the work waiting, and
// its counts alone for the menu badge; and the customer's account dashboard (`mine`).
import { z } from 'zod';
import { adminProcedure, checkedInput, router, signedInProcedure } from '#server/trpc.ts';
import { myDashboardSchema } from '#shared/schemas/my-dashboard.ts';
import { dashboardSchema, needsYouCountsSchema } from '#shared/schemas/dashboard.ts';
import { getDashboard } from './dashboard.service.ts';
import { getNeedsYouCounts } from './needs-you-counts.service.ts';
import { getMyDashboard } from './my-dashboard.service.ts';

export const dashboardRouter = router({
  get: adminProcedure
    // Names, vehicles and bookings of customers: never kept by a browser or proxy.
    .meta({
      permission: 'customers',
      openapi: {
        method: 'GET',
        path: '/api/admin/dashboard',
        tags: ['dashboard'],
        summary:
          "The admin's work: new quote requests, today's and tomorrow's bookings, open repairs by stage, feedback to approve, failed mail, the site's counts",
      },
    })
    .concat(checkedInput(z.object({})))
    .output(dashboardSchema)
    .query(({ ctx }) => getDashboard(ctx.deps)),

  /** The menu badge's read each minute: the Needs you counts alone, each capped (NEEDS_YOU_COUNT_CAP). */
  counts: adminProcedure
    .meta({
      permission: 'customers',
      openapi: {
        method: 'GET',
        path: '/api/admin/dashboard/counts',
        tags: ['dashboard'],
        summary: 'The Needs you counts alone (messages, change requests, unopened bookings, new quotes, feedback), each at most 100',
      },
    })
    .concat(checkedInput(z.object({})))
    .output(needsYouCountsSchema)
    .query(({ ctx }) => getNeedsYouCounts(ctx.deps)),

  /** The account dashboard's one read: the customer's newest 3 quotes, bookings and repairs, and whether there are more. */
  mine: signedInProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/user/dashboard',
        tags: ['dashboard'],
        summary: "The signed-in customer's newest 3 quote requests, bookings and repairs, each with whether there are more",
      },
    })
    .concat(checkedInput(z.object({})))
    .output(myDashboardSchema)
    .query(({ ctx }) => getMyDashboard(ctx.deps, ctx.user)),
});
