/**
 * Insurance (docs/rest-contract.md "Insurance"): the insurers the shop keeps, a quote's or a job's
 * claim (insurer, claim number, liability, the excess the customer pays, the insurer's authority)
 * and the insurer pack. Money is integer pence (docs/decisions/money-in-pence-and-vat-rounding.md).
 */
import { z } from 'zod';
import { booleanField, calendarDateField, integerField, messages, requiredString } from '#shared/validation.ts';
import { INSURANCE_LIABILITIES } from '#shared/value-sets.ts';
export { LIABILITY_LABELS } from '#shared/value-sets.ts';
import { limitField } from './paging.ts';

export const INSURER_NAME_MAX = 100;
export const CLAIM_NUMBER_MAX = 40;
/** £10,000: no excess is larger. */
export const EXCESS_PENCE_MAX = 1_000_000;
/** £250,000: no authority is larger. */
export const AUTHORISED_PENCE_MAX = 25_000_000;
export const INSURERS_PAGE_DEFAULT = 25;

/** Where a claim sits: a quote request or a repair job (its path segment). */
export const CLAIM_MATTERS = ['quote-requests', 'repair-jobs'] as const;
export type ClaimMatter = (typeof CLAIM_MATTERS)[number];

const id = (field: string) => integerField(field, 1, 2_147_483_647);

export const INSURANCE_MESSAGES = {
  unknownInsurer: 'The selected insurer is invalid.',
  inactiveInsurer: 'This insurer is no longer in the list: choose another.',
  nameTaken: 'An insurer with this name is already in the list.',
  claimNumber: 'The claim number may hold only letters, digits, spaces and - / . characters.',
  noClaim: 'This work is not marked insured.',
  futureAuthority: 'The authority date cannot be in the future.',
  needsAuthority: "This job is insured: record the insurer's authority before moving it past Awaiting insurer authority.",
  jobHasClaim: 'The repair job opened from this quote has its own claim: change it on the job.',
};

export const insurerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type Insurer = z.infer<typeof insurerSchema>;

export const insurersPageSchema = z.object({
  data: z.array(insurerSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type InsurersPage = z.infer<typeof insurersPageSchema>;

/** GET /api/insurers: by name, `limit` a page (25, up to 100), `page` from 1; `active_only` for a form's list. */
export const insurersListInput = z.object({
  page: integerField('page', 1, 10_000).optional(),
  limit: limitField(),
  active_only: booleanField('active_only').optional(),
});
export type InsurersListInput = z.infer<typeof insurersListInput>;

const insurerName = requiredString('name', INSURER_NAME_MAX);
export const insurerCreateInput = z.object({ name: insurerName });
export const insurerRenameInput = z.object({ id: id('id'), name: insurerName });
export const insurerIdInput = z.object({ id: id('id') });

const matterField = z.enum(CLAIM_MATTERS, {
  error: (issue) => (issue.input === undefined ? messages.required('matter') : messages.in('matter')),
});
export const claimMatterInput = z.object({ matter: matterField, id: id('id') });
export type ClaimMatterInput = z.infer<typeof claimMatterInput>;

export const claimSaveInput = z.object({
  matter: matterField,
  id: id('id'),
  insurer_id: id('insurer_id'),
  claim_number: requiredString('claim_number', CLAIM_NUMBER_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, INSURANCE_MESSAGES.claimNumber),
  liability: z.enum(INSURANCE_LIABILITIES, {
    error: (issue) => (issue.input === undefined ? messages.required('liability') : messages.in('liability')),
  }),
  excess_pence: integerField('excess_pence', 0, EXCESS_PENCE_MAX),
});
export type ClaimSaveInput = z.infer<typeof claimSaveInput>;

export const claimAuthorityInput = z.object({
  matter: matterField,
  id: id('id'),
  authorised_pence: integerField('authorised_pence', 1, AUTHORISED_PENCE_MAX),
  authorised_on: calendarDateField('authorised_on'),
});
export type ClaimAuthorityInput = z.infer<typeof claimAuthorityInput>;

export const insuranceClaimSchema = z.object({
  id: z.number().int(),
  quote_request_id: z.number().int().nullable(),
  repair_job_id: z.number().int().nullable(),
  insurer_id: z.number().int(),
  insurer_name: z.string(),
  claim_number: z.string(),
  liability: z.enum(INSURANCE_LIABILITIES),
  excess_pence: z.number().int(),
  authorised_pence: z.number().int().nullable(),
  authorised_on: z.string().nullable(),
  updated_at: z.string(),
});
export type InsuranceClaim = z.infer<typeof insuranceClaimSchema>;

/** A matter's claim: null when it is not insured. */
export const claimOfMatterSchema = z.object({ claim: insuranceClaimSchema.nullable() });
export type ClaimOfMatter = z.infer<typeof claimOfMatterSchema>;

/** What the tracker tells the customer about their claim. */
export const trackerInsuranceSchema = z.object({
  insurer_name: z.string(),
  claim_number: z.string(),
  liability: z.enum(INSURANCE_LIABILITIES),
  excess_pence: z.number().int(),
  /** The job sits at the stage that awaits the insurer's authority (the authority itself is never told). */
  awaiting_authority: z.boolean(),
});
export type TrackerInsurance = z.infer<typeof trackerInsuranceSchema>;
