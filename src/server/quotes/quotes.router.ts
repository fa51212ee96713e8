// Quote requests (docs/rest-contract.md "Quote requests"): the admin's triage and the customer's
// own list. Sending a request is multipart with photos: quotes.uploads.ts.
import { z } from 'zod';
import { adminProcedure, carriesSecret, router, signedInProcedure } from '#server/trpc.ts';
import {
  myQuoteSchema,
  myQuotesSchema,
  quoteCountsSchema,
  quoteDetailSchema,
  quoteIdInput,
  quoteListInput,
  quotePageSchema,
  quoteUpdateInput,
} from '#shared/schemas/quotes.ts';
import {
  countQuoteRequests,
  deleteQuoteRequest,
  getMyQuoteRequest,
  getQuoteRequest,
  listMyQuoteRequests,
  listQuoteRequests,
  updateQuoteRequest,
} from './quotes.service.ts';

export const quotesRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/quote-requests', tags: ['quotes'], summary: 'Quote requests, newest first (25 a page)' },
    })
    .input(quoteListInput)
    .output(quotePageSchema)
    .query(({ ctx, input }) => listQuoteRequests(ctx.deps, input)),

  counts: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/quote-requests/counts',
        tags: ['quotes'],
        summary: 'How many quote requests are in each status',
      },
    })
    .input(z.object({}))
    .output(quoteCountsSchema)
    .query(({ ctx }) => countQuoteRequests(ctx.deps)),

  get: adminProcedure
    .use(carriesSecret)
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/quote-requests/{id}',
        tags: ['quotes'],
        summary: 'A quote request with 15-minute signed links to its photos',
      },
    })
    .input(quoteIdInput)
    .output(quoteDetailSchema)
    .query(({ ctx, input }) => getQuoteRequest(ctx.deps, input.id)),

  update: adminProcedure
    .use(carriesSecret)
    .meta({
      openapi: { method: 'PATCH', path: '/api/quote-requests/{id}', tags: ['quotes'], summary: "Change a quote request's status or notes" },
    })
    .input(quoteUpdateInput)
    .output(quoteDetailSchema)
    .mutation(({ ctx, input }) => updateQuoteRequest(ctx.deps, input)),

  delete: adminProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/api/quote-requests/{id}', tags: ['quotes'], summary: 'Delete a quote request and its photos' },
      rest: { successStatus: 204 },
    })
    .input(quoteIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteQuoteRequest(ctx.deps, input.id)),

  mine: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/user/quote-requests', tags: ['quotes'], summary: "The signed-in customer's quote requests" },
    })
    .input(z.object({}))
    .output(myQuotesSchema)
    .query(({ ctx }) => listMyQuoteRequests(ctx.deps, ctx.user.id)),

  mineById: signedInProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/user/quote-requests/{id}',
        tags: ['quotes'],
        summary: "One of the signed-in customer's quote requests",
      },
    })
    .input(quoteIdInput)
    .output(myQuoteSchema)
    .query(({ ctx, input }) => getMyQuoteRequest(ctx.deps, ctx.user.id, input.id)),
});
