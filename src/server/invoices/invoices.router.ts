// Invoices (docs/rest-contract.md "Invoices"): the admin's issuing, credit notes, PDFs and the
// accountant's CSV under `admin` (the `invoices` permission: owners and estimators); the
// customer's own list and PDFs (another's is a 404); the PDF behind a tracker link.
import { Readable } from 'node:stream';
import { z } from 'zod';
import { actorOf } from '#server/activity/actor.ts';
import { adminProcedure, checkedInput, publicProcedure, router, signedInProcedure } from '#server/trpc.ts';
import { attachment, binaryAnswer } from '#server/insurance/binary-answer.ts';
import { readShop } from '#server/shop/shop.service.ts';
import {
  creditNoteInput,
  invoiceExportInput,
  invoiceIdInput,
  invoiceJobInput,
  jobInvoicesSchema,
  myInvoicesInput,
  myInvoicesSchema,
  trackerInvoiceInput,
} from '#shared/schemas/invoices.ts';
import { getJobInvoices, issueInvoice } from './invoices.service.ts';
import { issueCreditNote } from './credit-notes.service.ts';
import { listMyInvoices } from './invoice-reads.service.ts';
import { myInvoicePdf, shopInvoicePdf, type InvoicePdf } from './invoice-pdf.service.ts';
import { trackerInvoicePdf } from './tracker-invoice.service.ts';
import { invoiceCsvChunks } from './invoice-csv.ts';

const tags = ['invoices'];

const csvChunks = z
  .custom<AsyncIterable<string>>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v)
  .meta({ type: 'string' });

function send(ctx: { http: { setHeader(name: string, value: string): void } }, pdf: InvoicePdf) {
  ctx.http.setHeader('content-disposition', attachment(pdf.filename));
  return Readable.from([pdf.bytes]);
}

export const invoicesRouter = router({
  mine: signedInProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/user/invoices',
        tags,
        summary: "The signed-in customer's invoices and credit notes, newest first (20 a page or `limit`, up to 50; `cursor`)",
      },
    })
    .concat(checkedInput(myInvoicesInput))
    .output(myInvoicesSchema)
    .query(({ ctx, input }) => listMyInvoices(ctx.deps, ctx.user, input)),

  minePdf: signedInProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/user/invoices/{id}/invoice.pdf',
        tags,
        summary: "One of the signed-in customer's invoices or credit notes as a PDF (another's: 404)",
      },
      rest: { contentType: 'application/pdf' },
    })
    .concat(checkedInput(invoiceIdInput))
    .output(binaryAnswer)
    .query(async ({ ctx, input }) => send(ctx, await myInvoicePdf(ctx.deps, ctx.user, input.id))),

  trackerPdf: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/repair-tracker/{token}/invoices/{id}/invoice.pdf',
        tags,
        summary:
          "An invoice or credit note of the job behind a tracker link, as a PDF (404 when the link or the document is not the job's)",
        protect: false,
      },
      rest: { contentType: 'application/pdf' },
    })
    .concat(checkedInput(trackerInvoiceInput))
    .output(binaryAnswer)
    .query(async ({ ctx, input }) => send(ctx, await trackerInvoicePdf(ctx.deps, input.token, input.id))),

  admin: router({
    ofJob: adminProcedure
      .meta({
        permission: 'invoices',
        openapi: {
          method: 'GET',
          path: '/api/repair-jobs/{id}/invoices',
          tags,
          summary: "A repair job's invoices and credit notes, oldest first, and whether an invoice can be issued now",
        },
      })
      .concat(checkedInput(invoiceJobInput))
      .output(jobInvoicesSchema)
      .query(({ ctx, input }) => getJobInvoices(ctx.deps, input.id)),

    issue: adminProcedure
      .meta({
        permission: 'invoices',
        openapi: {
          method: 'POST',
          path: '/api/repair-jobs/{id}/invoices',
          tags,
          summary: "Issue the job's invoice from its accepted estimate (422 without one, or while an invoice stands)",
        },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(invoiceJobInput))
      .output(jobInvoicesSchema)
      .mutation(({ ctx, input }) => issueInvoice(ctx.deps, actorOf(ctx), input.id)),

    creditNote: adminProcedure
      .meta({
        permission: 'invoices',
        openapi: {
          method: 'POST',
          path: '/api/invoices/{id}/credit-notes',
          tags,
          summary:
            'Issue a credit note against an invoice, with a reason: in full, for stated `line_ids`, or for `net_pence` at `vat_rate_bp`',
        },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(creditNoteInput))
      .output(jobInvoicesSchema)
      .mutation(({ ctx, input }) => issueCreditNote(ctx.deps, actorOf(ctx), input)),

    pdf: adminProcedure
      .meta({
        permission: 'invoices',
        openapi: {
          method: 'GET',
          path: '/api/invoices/{id}/invoice.pdf',
          tags,
          summary: 'An invoice or credit note as a PDF (application/pdf, an attachment)',
        },
        rest: { contentType: 'application/pdf' },
      })
      .concat(checkedInput(invoiceIdInput))
      .output(binaryAnswer)
      .query(async ({ ctx, input }) => send(ctx, await shopInvoicePdf(ctx.deps, input.id))),

    export: adminProcedure
      .meta({
        permission: 'invoices',
        openapi: {
          method: 'GET',
          path: '/api/admin/invoices/export',
          tags,
          summary:
            'Invoices, credit notes and payments from `from` to `to` (shop dates, both included, at most 366 days) as CSV (text/csv, streamed)',
        },
        rest: { contentType: 'text/csv; charset=utf-8' },
      })
      .concat(checkedInput(invoiceExportInput))
      .output(csvChunks)
      .query(async ({ ctx, input }) => {
        const { timeZone } = await readShop(ctx.deps);
        ctx.http.setHeader('content-disposition', `attachment; filename="invoices-${input.from}-to-${input.to}.csv"`);
        return invoiceCsvChunks(ctx.deps.db, input, timeZone);
      }),
  }),
});
