// Estimates (docs/rest-contract.md "Estimates"): the customer's estimate by its private link
// (read, accept, decline) at the top level; the admin's settings, a request's estimate, its draft
// and sending it under `admin` (the quotes permission: owners and estimators, never technicians).
import { z } from 'zod';
import { actorOf } from '#server/activity/actor.ts';
import { adminProcedure, checkedInput, publicProcedure, router, signedInProcedure } from '#server/trpc.ts';
import {
  adminEstimateSchema,
  customerEstimateSchema,
  estimateAcceptInput,
  estimateDeclineInput,
  estimateDraftInput,
  estimateQuoteInput,
  estimateSettingsInput,
  estimateSettingsSchema,
  estimateTokenInput,
  myEstimatesSchema,
} from '#shared/schemas/estimates.ts';
import { getAdminEstimate, getEstimateSettings, saveEstimateDraft, sendEstimate, updateEstimateSettings } from './estimates.service.ts';
import { acceptEstimate, declineEstimate, getCustomerEstimate, listMyEstimates } from './estimate-answers.service.ts';
import { customerEstimatePdf, shopEstimatePdf } from './estimate-pdf.service.ts';
import { Readable } from 'node:stream';
import { attachment, binaryAnswer } from '#server/insurance/binary-answer.ts';

const tags = ['estimates'];

export const estimatesRouter = router({
  byToken: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/estimates/{token}',
        tags,
        summary:
          'An estimate by its private link: the latest version sent, VAT-inclusive, and what changed (404 when the link is not valid)',
        protect: false,
      },
    })
    .concat(checkedInput(estimateTokenInput))
    .output(customerEstimateSchema)
    .query(({ ctx, input }) => getCustomerEstimate(ctx.deps, input.token)),

  accept: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/estimates/{token}/acceptance',
        tags,
        summary:
          'Accept the version read (its hash): typed name, optional drawn signature, whether to start within the 14-day cancellation period',
        protect: false,
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(estimateAcceptInput))
    .output(customerEstimateSchema)
    .mutation(({ ctx, input }) => acceptEstimate(ctx.deps, input, actorOf(ctx))),

  decline: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/estimates/{token}/decline',
        tags,
        summary: 'Decline the version read (its hash), with an optional reason',
        protect: false,
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(estimateDeclineInput))
    .output(customerEstimateSchema)
    .mutation(({ ctx, input }) => declineEstimate(ctx.deps, input, actorOf(ctx))),

  pdf: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/estimates/{token}/estimate.pdf',
        tags,
        summary: 'The estimate behind a private link as a PDF (application/pdf, an attachment): the version the link shows',
        protect: false,
      },
      rest: { contentType: 'application/pdf' },
    })
    .concat(checkedInput(estimateTokenInput))
    .output(binaryAnswer)
    .query(async ({ ctx, input }) => {
      const pdf = await customerEstimatePdf(ctx.deps, input.token);
      ctx.http.setHeader('content-disposition', attachment(pdf.filename));
      return Readable.from([pdf.bytes]);
    }),

  mine: signedInProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/user/estimates',
        tags,
        summary: "The signed-in customer's estimates, each with its page's private path",
      },
    })
    .concat(checkedInput(z.object({})))
    .output(myEstimatesSchema)
    .query(({ ctx }) => listMyEstimates(ctx.deps, ctx.user.id)),

  admin: router({
    settings: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'GET',
          path: '/api/estimate-settings',
          tags,
          summary: "The shop's estimate settings: labour rate, VAT number, validity, terms",
        },
      })
      .concat(checkedInput(z.object({})))
      .output(estimateSettingsSchema)
      .query(({ ctx }) => getEstimateSettings(ctx.deps)),

    updateSettings: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: { method: 'PUT', path: '/api/estimate-settings', tags, summary: "Change the shop's estimate settings" },
        changesPublicContent: false,
      })
      .concat(checkedInput(estimateSettingsInput))
      .output(estimateSettingsSchema)
      .mutation(({ ctx, input }) => updateEstimateSettings(ctx.deps, actorOf(ctx), input)),

    get: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'GET',
          path: '/api/quote-requests/{id}/estimate',
          tags,
          summary: "A quote request's estimate with every version (null: none yet) and the settings a draft uses",
        },
      })
      .concat(checkedInput(estimateQuoteInput))
      .output(adminEstimateSchema)
      .query(({ ctx, input }) => getAdminEstimate(ctx.deps, input.id)),

    pdf: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'GET',
          path: '/api/quote-requests/{id}/estimate.pdf',
          tags,
          summary:
            "A quote request's estimate as a PDF (application/pdf, an attachment): the latest version sent, else the draft; 404 when none",
        },
        rest: { contentType: 'application/pdf' },
      })
      .concat(checkedInput(estimateQuoteInput))
      .output(binaryAnswer)
      .query(async ({ ctx, input }) => {
        const pdf = await shopEstimatePdf(ctx.deps, input.id);
        ctx.http.setHeader('content-disposition', attachment(pdf.filename));
        return Readable.from([pdf.bytes]);
      }),

    saveDraft: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'PUT',
          path: '/api/quote-requests/{id}/estimate/draft',
          tags,
          summary: "Replace the estimate draft's lines and note (after a version was sent: a supplement)",
        },
        changesPublicContent: false,
      })
      .concat(checkedInput(estimateDraftInput))
      .output(adminEstimateSchema)
      .mutation(({ ctx, input }) => saveEstimateDraft(ctx.deps, actorOf(ctx), input)),

    send: adminProcedure
      .meta({
        permission: 'quotes',
        openapi: {
          method: 'POST',
          path: '/api/quote-requests/{id}/estimate/send',
          tags,
          summary: 'Send the draft: it is frozen with its hash, supersedes the version before and is e-mailed to the customer',
        },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(estimateQuoteInput))
      .output(adminEstimateSchema)
      .mutation(({ ctx, input }) => sendEstimate(ctx.deps, { ...actorOf(ctx), userId: ctx.user.id }, input.id)),
  }),
});
