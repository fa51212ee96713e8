// A customer matter's message thread (docs/rest-contract.md "Message threads"): what the shop's
// panel and the customer's pages read and send. Shared by the server's checks and the client's forms.
import { z } from 'zod';
import { integerField, requiredString } from '../validation.ts';
import { REPAIR_MESSAGE_MAX } from '#shared/limits.ts';
import { manageTokenInput } from './booking-inputs.ts';

const ID_MAX = 2_147_483_647;
const id = (field: string) => integerField(field, 1, ID_MAX);
const optionalId = (field: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(field).optional());

/** The most messages one page of a thread holds (threads.service.ts THREAD_PAGE_MAX). */
export const THREAD_PAGE_LIMIT = 50;

export const THREAD_SIDES = ['customer', 'shop'] as const;

export const threadMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote: the customer, or the shop (then `author_name` is the staff member's). */
  from: z.enum(THREAD_SIDES),
  author_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** One page of a thread, newest first; `next_before_id` asks for the older page (null: this is the oldest). */
export const threadPageSchema = z.object({
  done_at: z.string().nullable(),
  awaiting_shop: z.boolean(),
  messages: z.array(threadMessageSchema),
  next_before_id: z.number().int().nullable(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** The shop's view adds whether the customer can be mailed a reply (a telephone-only customer cannot). */
export const adminThreadSchema = threadPageSchema.extend({
  customer_name: z.string(),
  can_mail: z.boolean(),
});
export type AdminThread = z.infer<typeof adminThreadSchema>;

export const threadMessageField = requiredString('message', REPAIR_MESSAGE_MAX);

export const adminThreadInput = z.object({
  id: id('id'),
  before_id: optionalId('before_id'),
  limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), integerField('limit', 1, THREAD_PAGE_LIMIT).optional()),
});
export const adminThreadReplyInput = z.object({ id: id('id'), message: threadMessageField });
export const adminThreadDoneInput = z.object({ id: id('id') });

/** The booking's manage link: it opens that booking's thread only. */
export const manageThreadInput = manageTokenInput.extend({ before_id: optionalId('before_id') });
export const manageThreadMessageInput = manageTokenInput.extend({ message: threadMessageField });

/** The signed-in customer's own quote request: its thread (the quote's, shared by its bookings and its job). */
export const myThreadInput = z.object({ id: id('id'), before_id: optionalId('before_id') });
export const myThreadMessageInput = z.object({ id: id('id'), message: threadMessageField });
