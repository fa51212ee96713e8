// Repair jobs (docs/rest-contract.md "Repair jobs"): the customer's tracker (by its private link,
// or in the account) at the top level, the admin's jobs, photos and stage list under `admin`.
import { accountPageInput } from '#shared/schemas/paging.ts';
import { checkedInput, publicProcedure, router, signedInProcedure } from '#server/trpc.ts';
import {
  myRepairMessageInput,
  myRepairsSchema,
  repairTrackerInput,
  repairTrackerMessageInput,
  repairTrackerSchema,
} from '#shared/schemas/repair-jobs.ts';
import { getTracker, listMyRepairs, sendMyRepairMessage, sendTrackerMessage } from './repair-tracker.service.ts';
import { repairJobAdminRouter } from './repair-job-admin.procedures.ts';

const tags = ['repair jobs'];

export const repairJobsRouter = router({
  getTracker: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/repair-tracker/{token}',
        tags,
        summary: "A repair's tracker by its private link (404 when the link is not valid, revoked or expired)",
        protect: false,
      },
    })
    .concat(checkedInput(repairTrackerInput))
    .output(repairTrackerSchema)
    .query(({ ctx, input }) => getTracker(ctx.deps, input.token)),

  sendTrackerMessage: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/repair-tracker/{token}/messages',
        tags,
        summary: 'Send the shop a message from the tracker (1 to 2000 characters; throttled)',
        protect: false,
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(repairTrackerMessageInput))
    .output(repairTrackerSchema)
    .mutation(({ ctx, input }) => sendTrackerMessage(ctx.deps, input.token, input.message, ctx.requester.ipAddress)),

  mine: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/user/repairs', tags, summary: "The signed-in customer's repair jobs, as their trackers" },
    })
    .concat(checkedInput(accountPageInput))
    .output(myRepairsSchema)
    .query(({ ctx, input }) => listMyRepairs(ctx.deps, ctx.user, input)),

  sendMyMessage: signedInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/user/repairs/{id}/messages',
        tags,
        summary: 'Send the shop a message about one of your repairs',
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(myRepairMessageInput))
    .output(repairTrackerSchema)
    .mutation(({ ctx, input }) => sendMyRepairMessage(ctx.deps, ctx.user, input, ctx.requester.ipAddress)),

  /** The admin's board, job pages and stages (docs/architecture.md: admin procedures nested). */
  admin: repairJobAdminRouter,
});
