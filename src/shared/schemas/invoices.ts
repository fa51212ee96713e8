/**
 * VAT invoices and credit notes (docs/rest-contract.md "Invoices"): a repair job's invoice issued
 * from its accepted estimate, credit notes against it, the customer's own list and PDFs, and the
 * accountant's CSV. Money is integer pence (docs/decisions/money-in-pence-and-vat-rounding.md);
 * numbers are gap-free per series (docs/decisions/gap-free-invoice-numbers-and-immutable-invoices.md).
 */
import { z } from 'zod';
import { calendarDateField, integerField, messages, requiredString } from '#shared/validation.ts';
import { ESTIMATE_LINE_KINDS, INVOICE_SERIES } from '#shared/value-sets.ts';
import { estimateTotalsSchema } from './estimates.ts';
import { accountPageInput } from './paging.ts';

export const CREDIT_REASON_MAX = 500;
export const CREDIT_DESCRIPTION_MAX = 200;
/** £250,000: no credit is larger (and it may not exceed what is left of the invoice). */
export const CREDIT_NET_PENCE_MAX = 25_000_000;
/** The longest range one CSV covers: a year and a day (a VAT year, whatever its leap day). */
export const INVOICE_EXPORT_MAX_DAYS = 366;
/** A credit note credits at most this many of an invoice's lines (an invoice has far fewer). */
export const CREDIT_LINES_MAX = 200;

export const INVOICE_MESSAGES = {
  noAcceptedEstimate: 'This job has no accepted estimate to invoice: the customer must accept the estimate (and any supplement) first.',
  liveInvoice: 'This job already has an invoice: issue a credit note against it before invoicing again.',
  fullyCredited: 'This invoice is credited in full already.',
  alreadyCredited: 'This invoice has a credit note already: credit stated lines or an amount instead.',
  lineNotOnInvoice: 'A selected line is not on this invoice.',
  lineCredited: 'A selected line has been credited already.',
  linesOrAmount: 'Give the lines to credit or an amount, not both.',
  tooMuch: 'The credit is more than is left to credit on this invoice.',
  notAnInvoice: 'A credit note is issued against an invoice, not another credit note.',
  rangeOrder: 'The to date must be on or after the from date.',
  rangeTooLong: `The range must be at most ${INVOICE_EXPORT_MAX_DAYS} days.`,
};

const id = (field: string) => integerField(field, 1, 2_147_483_647);

/** A repair job's invoices (its id). */
export const invoiceJobInput = z.object({ id: id('id') });
export type InvoiceJobInput = z.infer<typeof invoiceJobInput>;
/** An invoice or credit note by its id. */
export const invoiceIdInput = z.object({ id: id('id') });
export type InvoiceIdInput = z.infer<typeof invoiceIdInput>;
/** An invoice behind a tracker link: the link's token and the invoice's id. */
export const trackerInvoiceInput = z.object({ token: z.string().min(1).max(200), id: id('id') });
export type TrackerInvoiceInput = z.infer<typeof trackerInvoiceInput>;

/**
 * A credit note against invoice `id`, with its reason: the whole invoice (neither `line_ids` nor
 * `net_pence`), the stated lines of it, or an amount before VAT at a VAT rate.
 */
export const creditNoteInput = z.object({
  id: id('id'),
  reason: requiredString('reason', CREDIT_REASON_MAX),
  line_ids: z
    .array(id('line_ids'), { error: messages.in('line_ids') })
    .min(1, messages.required('line_ids'))
    .max(CREDIT_LINES_MAX, messages.in('line_ids'))
    .optional(),
  net_pence: integerField('net_pence', 1, CREDIT_NET_PENCE_MAX).optional(),
  vat_rate_bp: integerField('vat_rate_bp', 0, 10_000).optional(),
  description: requiredString('description', CREDIT_DESCRIPTION_MAX).optional(),
});
export type CreditNoteInput = z.infer<typeof creditNoteInput>;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The CSV's range: calendar dates in the shop's time zone, both included. */
export const invoiceExportInput = z.object({ from: calendarDateField('from'), to: calendarDateField('to') }).superRefine((v, ctx) => {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: INVOICE_MESSAGES.rangeOrder });
  else if (daysBetween(v.from, v.to) >= INVOICE_EXPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: INVOICE_MESSAGES.rangeTooLong });
});
export type InvoiceExportInput = z.infer<typeof invoiceExportInput>;

export const myInvoicesInput = accountPageInput;

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ESTIMATE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unit_price_pence: z.number().int(),
  vat_rate_bp: z.number().int(),
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  gross_pence: z.number().int(),
  credited_line_id: z.number().int().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  series: z.enum(INVOICE_SERIES),
  number: z.number().int(),
  /** "INV-000042", "CN-000007": what the document and the customer call it. */
  display_number: z.string(),
  credited_invoice_id: z.number().int().nullable(),
  repair_job_id: z.number().int(),
  job_reference: z.string(),
  issued_at: z.string(),
  supplied_on: z.string(),
  shop_name: z.string(),
  shop_address: z.string(),
  shop_vat_number: z.string(),
  vat_registered: z.boolean(),
  customer_name: z.string(),
  customer_address: z.string(),
  customer_email: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  totals: estimateTotalsSchema,
  insurer_name: z.string().nullable(),
  claim_number: z.string().nullable(),
  insurer_share_pence: z.number().int(),
  excess_pence: z.number().int(),
  paid_pence: z.number().int(),
  due_pence: z.number().int(),
  reason: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The admin's view of a job's invoicing: every document, oldest first, and whether one can be issued now. */
export const jobInvoicesSchema = z.object({
  repair_job_id: z.number().int(),
  can_issue: z.boolean(),
  /** Why not, when it cannot (the words of the 422 issuing would answer). */
  cannot_issue_reason: z.string().nullable(),
  documents: z.array(
    invoiceSchema.extend({
      /** An invoice's credited total so far (a credit note: 0). */
      credited_pence: z.number().int(),
      pdf_path: z.string(),
    }),
  ),
});
export type JobInvoices = z.infer<typeof jobInvoicesSchema>;

/** One of the customer's documents in their account. */
export const myInvoiceSchema = z.object({
  id: z.number().int(),
  series: z.enum(INVOICE_SERIES),
  display_number: z.string(),
  job_reference: z.string(),
  vehicle: z.string(),
  issued_at: z.string(),
  gross_pence: z.number().int(),
  due_pence: z.number().int(),
  pdf_path: z.string(),
});
export type MyInvoice = z.infer<typeof myInvoiceSchema>;

export const myInvoicesSchema = z.object({ data: z.array(myInvoiceSchema), next_cursor: z.string().nullable() });
export type MyInvoices = z.infer<typeof myInvoicesSchema>;
