// The message threads with customers (docs/rest-contract.md "Message threads"): the shop's side
// under `admin`, on the quote request, booking and repair job paths, and the customer's from the
// booking's manage link, and the account's quote page's (`mine`, a verified customer's own quotes).
// The tracker's and the account's repair doors stay with the repair jobs router.
import { adminProcedure, checkedInput, publicProcedure, router, verifiedProcedure } from '#server/trpc.ts';
import {
  adminThreadDoneInput,
  adminThreadInput,
  adminThreadReplyInput,
  adminThreadSchema,
  manageThreadInput,
  manageThreadMessageInput,
  myThreadInput,
  myThreadMessageInput,
  threadPageSchema,
} from '#shared/schemas/threads.ts';
import {
  markThreadDone,
  readAdminThread,
  readManageThread,
  replyInThread,
  sendManageMessage,
  type MatterKind,
} from './thread-replies.service.ts';
import { readMyQuoteThread, sendMyQuoteMessage } from './my-threads.service.ts';

const tags = ['message threads'];

/** The three procedures of one kind of matter, on its page's REST path. */
function matterProcedures(kind: MatterKind, base: `/api/${string}`, what: string) {
  return {
    read: adminProcedure
      .meta({
        permission: 'threads',
        openapi: { method: 'GET', path: `${base}/{id}/messages`, tags, summary: `The message thread of ${what}, newest first (paged)` },
      })
      .concat(checkedInput(adminThreadInput))
      .output(adminThreadSchema)
      .query(({ ctx, input }) => readAdminThread(ctx.deps, kind, input)),
    reply: adminProcedure
      .meta({
        permission: 'threads',
        openapi: {
          method: 'POST',
          path: `${base}/{id}/messages`,
          tags,
          summary: `Reply in the thread of ${what}; the customer is mailed the reply (held over the quiet hours)`,
        },
        rest: { successStatus: 201 },
      })
      .concat(checkedInput(adminThreadReplyInput))
      .output(adminThreadSchema)
      .mutation(({ ctx, input }) => replyInThread(ctx.deps, ctx.user.id, kind, input)),
    markDone: adminProcedure
      .meta({
        permission: 'threads',
        openapi: { method: 'POST', path: `${base}/{id}/messages/done`, tags, summary: `Mark the thread of ${what} done` },
      })
      .concat(checkedInput(adminThreadDoneInput))
      .output(adminThreadSchema)
      .mutation(({ ctx, input }) => markThreadDone(ctx.deps, kind, input)),
  };
}

const quote = matterProcedures('quote_request', '/api/quote-requests', 'a quote request');
const booking = matterProcedures('booking', '/api/admin/bookings', 'a booking');
const job = matterProcedures('repair_job', '/api/repair-jobs', 'a repair job');

const threadAdminRouter = router({
  quoteThread: quote.read,
  replyToQuote: quote.reply,
  quoteThreadDone: quote.markDone,
  bookingThread: booking.read,
  replyToBooking: booking.reply,
  bookingThreadDone: booking.markDone,
  repairJobThread: job.read,
  replyToRepairJob: job.reply,
  repairJobThreadDone: job.markDone,
});

export const threadsRouter = router({
  manageThread: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/bookings/manage/{token}/messages',
        tags,
        summary: "The booking's message thread by its manage link (that booking's only)",
        protect: false,
      },
    })
    .concat(checkedInput(manageThreadInput))
    .output(threadPageSchema)
    .query(({ ctx, input }) => readManageThread(ctx.deps, input)),

  sendManageMessage: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/bookings/manage/{token}/messages',
        tags,
        summary: 'Write to the shop from the booking’s manage link (1 to 2000 characters; throttled)',
        protect: false,
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(manageThreadMessageInput))
    .output(threadPageSchema)
    .mutation(({ ctx, input }) => sendManageMessage(ctx.deps, input, ctx.requester.ipAddress)),

  /** The signed-in customer's side, from the account's quote page: their own quotes only (404 for any other). */
  mine: router({
    read: verifiedProcedure
      .meta({
        openapi: {
          method: 'GET',
          path: '/api/user/quote-requests/{id}/messages',
          tags,
          summary: "The thread of one of the signed-in customer's quote requests, newest first (paged)",
        },
      })
      .concat(checkedInput(myThreadInput))
      .output(threadPageSchema)
      .query(({ ctx, input }) => readMyQuoteThread(ctx.deps, ctx.user, input)),
    send: verifiedProcedure
      .meta({
        openapi: {
          method: 'POST',
          path: '/api/user/quote-requests/{id}/messages',
          tags,
          summary: 'Write to the shop about one of your quote requests (1 to 2000 characters; throttled)',
        },
        rest: { successStatus: 201 },
      })
      .concat(checkedInput(myThreadMessageInput))
      .output(threadPageSchema)
      .mutation(({ ctx, input }) => sendMyQuoteMessage(ctx.deps, ctx.user, input, ctx.requester.ipAddress)),
  }),

  admin: threadAdminRouter,
});
