/**
 * Every kind of e-mail the site sends, in one list (mail-kind.ts says what an entry holds), the way
 * jobs/definitions/index.ts lists the jobs. A new kind: an entry in its area's `*-mail.ts`, a line
 * here, its name in MAIL_KINDS (src/shared/value-sets.ts, the client-safe list the Outgoing mail
 * schema and the `outgoing_mail.kind` column use; a type check below and test/mail keep the two equal).
 */
import type { z } from 'zod';
import type { MailKind as ListedMailKind } from '#shared/value-sets.ts';
import { accountMailKinds } from '#server/account/account-mail.ts';
import { quoteMailKinds } from '#server/quotes/quote-mail.ts';
import { bookingMailKinds } from '#server/bookings/booking-mail.ts';
import { repairMailKinds } from '#server/repair-jobs/repair-mail.ts';
import { reviewRequestMail } from '#server/reviews/review-mail.ts';
import { staffInvitationMail } from '#server/users/staff-invitation-mail.ts';
import { threadReplyMail } from '#server/threads/thread-mail.ts';
import { shopNotificationMail } from '#server/notifications/notifications-mail.ts';
import { estimateMailKinds } from '#server/estimates/estimate-mail.ts';
import type { MailKindDefinition } from './mail-kind.ts';

export const mailKinds = [
  ...accountMailKinds,
  ...quoteMailKinds,
  ...bookingMailKinds,
  ...repairMailKinds,
  reviewRequestMail,
  staffInvitationMail,
  threadReplyMail,
  shopNotificationMail,
  ...estimateMailKinds,
] as const;

type Entry = (typeof mailKinds)[number];
export type MailKind = Entry['kind'];

/** What a mail of `kind` carries when it is queued. */
export type MailParams<K extends MailKind> = z.input<Extract<Entry, { kind: K }>['params']>;

/** One mail to queue, its params typed by its kind. */
export type QueuedMail = { [K in MailKind]: { kind: K; to: string; params: MailParams<K> } }[MailKind];

// The registry and the client-safe list name the same kinds (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKinds: Same<MailKind, ListedMailKind> = true;
void sameKinds;

const byKind = new Map<string, MailKindDefinition>(mailKinds.map((entry) => [entry.kind, entry as unknown as MailKindDefinition]));

export function mailKindOf(kind: string): MailKindDefinition {
  const entry = byKind.get(kind);
  if (!entry) throw new Error(`No mail kind named ${kind}`);
  return entry;
}

/** The send-mail job's priority (jobs/job-queue.ts send): an urgent kind's is taken before the rest. */
export const URGENT_MAIL_PRIORITY = 10;

export function mailPriorityOf(kind: string): number {
  return mailKindOf(kind).urgent ? URGENT_MAIL_PRIORITY : 0;
}
