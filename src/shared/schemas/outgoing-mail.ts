// The admin area's Outgoing mail screen (src/server/mail/outgoing-mail.router.ts).
import { z } from 'zod';
import { cursorField, limitField } from './paging.ts';
import { MAIL_KINDS, MAIL_STATUSES } from '#shared/value-sets.ts';
import { instantField } from '#shared/validation.ts';

export const OUTGOING_MAIL_PAGE_SIZE = 50;
export { MAIL_COUNT_CAP, MAIL_FAILING_WARNING_MINUTES } from '#shared/limits.ts';

export const outgoingMailListInput = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  /** The created_at of the last row of the previous page (ISO), for the next page: an instant in the years any date field takes. */
  before: instantField('before').optional(),
  /** Keyset paging (paging.ts): the previous page's `next_cursor`, exact where `before` can skip a mail of the same millisecond. */
  cursor: cursorField,
  limit: limitField(),
});
export type OutgoingMailListInput = z.infer<typeof outgoingMailListInput>;

export const outgoingMailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** The last error, without credentials. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutgoingMail = z.infer<typeof outgoingMailSchema>;

export const outgoingMailPageSchema = z.object({
  data: z.array(outgoingMailSchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.string().nullable(),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type OutgoingMailPage = z.infer<typeof outgoingMailPageSchema>;

export const outgoingMailSummarySchema = z.object({
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), cancelled: z.number().int() }),
  /** When the earliest failure of a mail still not sent happened (ISO), or null. */
  failingSince: z.string().nullable(),
  /** True when mail has been failing for more than MAIL_FAILING_WARNING_MINUTES. */
  warning: z.boolean(),
});
export type OutgoingMailSummary = z.infer<typeof outgoingMailSummarySchema>;

export const outgoingMailResendInput = z.object({ id: z.uuid() });
