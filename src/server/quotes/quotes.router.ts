// Quote requests (docs/rest-contract.md "Quote requests"): sending one (multipart, with photos),
// the customer's own list, and the admin's triage under `admin`.
import { z } from 'zod';
import { accountPageInput } from '#shared/schemas/paging.ts';
import { AppError } from '#server/errors.ts';
import { adminProcedure, checkedInput, countedBeforeInput, publicProcedure, router, signedInProcedure } from '#server/trpc.ts';
import { UPLOAD_PATHS } from '#shared/upload-paths.ts';
import { uploadedFiles, type UploadMeta } from '#server/uploads.ts';
import { QUOTE_PHOTO_MAX_BYTES, QUOTE_PHOTOS_MAX } from '#shared/limits.ts';
import {
  quoteCreatedSchema,
  quoteRequestInput,
  myQuoteSchema,
  myQuotesSchema,
  quoteCountsSchema,
  quoteDetailSchema,
  quoteIdInput,
  quoteReplyInput,
  quoteListInput,
  quotePageSchema,
  quoteUpdateInput,
  QUOTE_PHOTO_MESSAGES,
} from '#shared/schemas/quotes.ts';
import {
  countQuoteRequests,
  deleteQuoteRequest,
  getQuoteRequest,
  listQuoteRequests,
  sendQuoteReply,
  updateQuoteRequest,
} from './quote-triage.service.ts';
import { getMyQuoteRequest, listMyQuoteRequests } from './my-quotes.service.ts';
import { createQuoteRequest, reserveQuoteRequest } from './quote-submission.service.ts';
import { quotePhotoChecks, quoteTelephoneCheck } from './quotes.input-checks.ts';

/** Up to six photos repeated under `photos`, 20 MB each, refused while they stream. */
const photosUpload: UploadMeta = {
  files: {
    photos: {
      maxBytes: QUOTE_PHOTO_MAX_BYTES,
      tooLarge: (index) => AppError.field('photos', QUOTE_PHOTO_MESSAGES.tooLarge(index)),
      list: { maxCount: QUOTE_PHOTOS_MAX, tooMany: () => AppError.field('photos', QUOTE_PHOTO_MESSAGES.tooMany) },
    },
  },
};

export const quotesRouter = router({
  /** The public quote form; a signed-in caller's request is linked to the account. */
  create: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: UPLOAD_PATHS['quotes.create'],
        tags: ['quotes'],
        summary: 'Ask for a quote: the damage, the vehicle and up to 6 photos (repeat the photos part)',
        protect: false,
      },
      rest: { successStatus: 201 },
      upload: photosUpload,
    })
    .use(countedBeforeInput(reserveQuoteRequest))
    .concat(checkedInput(quoteRequestInput, quoteTelephoneCheck, quotePhotoChecks))
    .output(quoteCreatedSchema)
    .mutation(({ ctx, input }) => createQuoteRequest(ctx.deps, input, uploadedFiles(ctx, 'photos'), ctx.user?.id ?? null)),

  mine: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/user/quote-requests', tags: ['quotes'], summary: "The signed-in customer's quote requests" },
    })
    .concat(checkedInput(accountPageInput))
    .output(myQuotesSchema)
    .query(({ ctx, input }) => listMyQuoteRequests(ctx.deps, ctx.user.id, input)),

  mineById: signedInProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/user/quote-requests/{id}',
        tags: ['quotes'],
        summary: "One of the signed-in customer's quote requests",
      },
    })
    .concat(checkedInput(quoteIdInput))
    .output(myQuoteSchema)
    .query(({ ctx, input }) => getMyQuoteRequest(ctx.deps, ctx.user.id, input.id)),

  /** The admin's triage (docs/architecture.md: admin procedures nested). */
  admin: router({
    list: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: { method: 'GET', path: '/api/quote-requests', tags: ['quotes'], summary: 'Quote requests, newest first (25 a page)' },
      })
      .concat(checkedInput(quoteListInput))
      .output(quotePageSchema)
      .query(({ ctx, input }) => listQuoteRequests(ctx.deps, input)),

    counts: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'GET',
          path: '/api/quote-requests/counts',
          tags: ['quotes'],
          summary: 'How many quote requests are in each status',
        },
      })
      .concat(checkedInput(z.object({})))
      .output(quoteCountsSchema)
      .query(({ ctx }) => countQuoteRequests(ctx.deps)),

    get: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'GET',
          path: '/api/quote-requests/{id}',
          tags: ['quotes'],
          summary: 'A quote request with 15-minute signed links to its photos',
        },
      })
      .concat(checkedInput(quoteIdInput))
      .output(quoteDetailSchema)
      .query(({ ctx, input }) => getQuoteRequest(ctx.deps, input.id)),

    update: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'PATCH',
          path: '/api/quote-requests/{id}',
          tags: ['quotes'],
          summary: "Change a quote request's status or notes",
        },
      })
      .concat(checkedInput(quoteUpdateInput))
      .output(quoteDetailSchema)
      .mutation(({ ctx, input }) => updateQuoteRequest(ctx.deps, input)),

    /** The shop's answer (price in pounds, message), kept and mailed to the customer; the request becomes `quoted`. */
    reply: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'POST',
          path: '/api/quote-requests/{id}/replies',
          tags: ['quotes'],
          summary: 'Send the customer a price (in pounds) and a message: stored, e-mailed, shown in their account',
        },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(quoteReplyInput))
      .output(quoteDetailSchema)
      .mutation(({ ctx, input }) => sendQuoteReply(ctx.deps, ctx.user.id, input)),

    delete: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: { method: 'DELETE', path: '/api/quote-requests/{id}', tags: ['quotes'], summary: 'Delete a quote request and its photos' },
        rest: { successStatus: 204 },
      })
      .concat(checkedInput(quoteIdInput))
      .output(z.void())
      .mutation(({ ctx, input }) => deleteQuoteRequest(ctx.deps, input.id)),
  }),
});
