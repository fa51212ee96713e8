/**
 * Estimates (docs/rest-contract.md "Estimates"): the admin's draft and its lines, the shop's
 * estimate settings, and what the customer's private link shows and answers. Money is integer
 * pence, VAT rates basis points, labour hours hundredths (docs/decisions/money-in-pence-and-vat-rounding.md).
 */
import { z } from 'zod';
import { booleanField, integerField, messages, optionalString, requiredString } from '#shared/validation.ts';
import { ESTIMATE_LINE_KINDS, ESTIMATE_STATUSES } from '#shared/value-sets.ts';
import { ESTIMATE_TERMS_MAX } from '#shared/limits.ts';

export const ESTIMATE_LINES_MAX = 100;
export const ESTIMATE_PENCE_MAX = 10_000_000; // £100,000 a unit
export const ESTIMATE_QUANTITY_MAX = 100_000;
/** A drawn signature as a PNG data URL: about 60 KB of base64 at most. */
export const SIGNATURE_MAX_CHARS = 80_000;
export const DEFAULT_VAT_RATE_BP = 2000;

const id = (field: string) => integerField(field, 1, 2_147_483_647);

export const ESTIMATE_MESSAGES = {
  noLines: 'An estimate needs at least one line before it is sent.',
  noDraft: 'There is no draft to send: change the estimate first.',
  noEmail: 'This request has no e-mail address any more: its account was deleted.',
  changed: 'The estimate has changed since you opened it: please read the new version.',
  notOpen: 'This estimate cannot be answered any more.',
  expired: 'This estimate has expired: please ask us for a new one.',
  signature: 'The signature must be a PNG image drawn on the page.',
  signatureSize: 'The signature is too large.',
  startWithin: 'Please say whether we may start within the 14-day cancellation period.',
};

export const estimateLineInput = z.object({
  kind: z.enum(ESTIMATE_LINE_KINDS, { error: (issue) => (issue.input === undefined ? messages.required('kind') : messages.in('kind')) }),
  description: requiredString('description', 200),
  quantity: integerField('quantity', 1, ESTIMATE_QUANTITY_MAX),
  unit_price_pence: integerField('unit_price_pence', 0, ESTIMATE_PENCE_MAX),
  vat_rate_bp: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? DEFAULT_VAT_RATE_BP : v),
    integerField('vat_rate_bp', 0, 10_000),
  ),
});
export type EstimateLineInput = z.infer<typeof estimateLineInput>;

export const estimateQuoteInput = z.object({ id: id('id') });

/** PUT /api/quote-requests/{id}/estimate: the draft's lines (all of them, in order) and a note to the customer. */
export const estimateDraftInput = z.object({
  id: id('id'),
  notes: optionalString('notes', 2000).transform((v) => v ?? ''),
  lines: z.array(estimateLineInput, { error: messages.required('lines') }).max(ESTIMATE_LINES_MAX, `At most ${ESTIMATE_LINES_MAX} lines.`),
});
export type EstimateDraftInput = z.infer<typeof estimateDraftInput>;

export const estimateSettingsSchema = z.object({
  labour_rate_pence: z.number().int(),
  vat_number: z.string(),
  vat_registered: z.boolean(),
  validity_days: z.number().int(),
  terms: z.string(),
  updated_at: z.string(),
});
export type EstimateSettings = z.infer<typeof estimateSettingsSchema>;

export const estimateSettingsInput = z.object({
  labour_rate_pence: integerField('labour_rate_pence', 0, 100_000),
  vat_number: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: messages.string('vat_number') })
      .trim()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine(
        (v) => v === '' || /^(GB)?(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(v),
        'The VAT number must be a UK VAT number, such as GB123456789.',
      ),
  ),
  validity_days: integerField('validity_days', 1, 365),
  terms: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: messages.string('terms') }).max(ESTIMATE_TERMS_MAX, messages.max('terms', ESTIMATE_TERMS_MAX)),
  ),
});
export type EstimateSettingsInput = z.infer<typeof estimateSettingsInput>;

export const estimateLineSchema = z.object({
  kind: z.enum(ESTIMATE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unit_price_pence: z.number().int(),
  vat_rate_bp: z.number().int(),
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  gross_pence: z.number().int(),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

export const estimateTotalsSchema = z.object({
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  gross_pence: z.number().int(),
  by_rate: z.array(z.object({ vat_rate_bp: z.number().int(), net_pence: z.number().int(), vat_pence: z.number().int() })),
});

export const estimateVersionSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.enum(ESTIMATE_STATUSES),
  notes: z.string(),
  labour_rate_pence: z.number().int(),
  vat_registered: z.boolean(),
  vat_number: z.string(),
  terms: z.string(),
  content_hash: z.string().nullable(),
  sent_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  answered_at: z.string().nullable(),
  accepted_name: z.string().nullable(),
  has_signature: z.boolean(),
  start_within_cancellation: z.boolean().nullable(),
  decline_reason: z.string().nullable(),
  lines: z.array(estimateLineSchema),
  totals: estimateTotalsSchema,
});
export type EstimateVersion = z.infer<typeof estimateVersionSchema>;

/** What changed from the version before: lines matched by kind and description. */
export const estimateChangesSchema = z.object({
  previous_number: z.number().int(),
  added: z.array(estimateLineSchema),
  removed: z.array(estimateLineSchema),
  changed: z.array(z.object({ before: estimateLineSchema, after: estimateLineSchema })),
  previous_gross_pence: z.number().int(),
  /** The VAT-inclusive total now less the one before (negative: it went down). */
  difference_pence: z.number().int(),
});
export type EstimateChanges = z.infer<typeof estimateChangesSchema>;

/** The admin's estimate of a quote request (null: none yet); versions oldest first. */
export const adminEstimateSchema = z.object({
  quote_request_id: z.number().int(),
  reference: z.string(),
  settings: estimateSettingsSchema,
  estimate: z
    .object({
      id: z.number().int(),
      status: z.enum(ESTIMATE_STATUSES),
      versions: z.array(estimateVersionSchema),
    })
    .nullable(),
});
export type AdminEstimate = z.infer<typeof adminEstimateSchema>;

/** GET /api/user/estimates: the signed-in customer's estimates, each with its private page's path. */
export const myEstimatesSchema = z.object({
  data: z.array(
    z.object({
      reference: z.string(),
      vehicle: z.string(),
      status: z.enum(ESTIMATE_STATUSES),
      updated_at: z.string(),
      path: z.string(),
    }),
  ),
});
export type MyEstimates = z.infer<typeof myEstimatesSchema>;
export const MY_ESTIMATES_LIMIT = 50;

export const estimateTokenField = z.string({ error: messages.required('token') }).max(200, messages.max('token', 200));
export const estimateTokenInput = z.object({ token: estimateTokenField });

/** What the customer's link shows: the latest sent version, what changed from the one before, and whether it can be answered. */
export const customerEstimateSchema = z.object({
  reference: z.string(),
  vehicle: z.string(),
  name: z.string(),
  shop_name: z.string(),
  status: z.enum(ESTIMATE_STATUSES),
  can_answer: z.boolean(),
  version: estimateVersionSchema,
  changes: estimateChangesSchema.nullable(),
});
export type CustomerEstimate = z.infer<typeof customerEstimateSchema>;

export const estimateAcceptInput = z.object({
  token: estimateTokenField,
  version_hash: requiredString('version_hash', 128),
  name: requiredString('name', 100),
  signature: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string({ error: messages.string('signature') })
      .max(SIGNATURE_MAX_CHARS, ESTIMATE_MESSAGES.signatureSize)
      .refine((v) => /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/.test(v), ESTIMATE_MESSAGES.signature)
      .nullable(),
  ),
  start_within_cancellation: z
    .preprocess((v) => (v === undefined || v === '' ? null : v), booleanField('start_within_cancellation').nullable())
    .refine((v): v is boolean => v !== null, ESTIMATE_MESSAGES.startWithin),
});
export type EstimateAcceptInput = z.infer<typeof estimateAcceptInput>;

export const estimateDeclineInput = z.object({
  token: estimateTokenField,
  version_hash: requiredString('version_hash', 128),
  reason: optionalString('reason', 2000),
});
export type EstimateDeclineInput = z.infer<typeof estimateDeclineInput>;
