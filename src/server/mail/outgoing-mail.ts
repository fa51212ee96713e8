/**
 * Every e-mail goes through the queue (docs/decisions/durable-jobs-pg-boss.md): `queueMail` writes
 * an `outgoing_mail` row and its send-mail job in the caller's transaction, so the change and its
 * mail are kept together or not at all, and no request waits for a mail server. The send-mail job
 * calls `deliverMail`, which renders the message when it goes (links are fresh after an outage;
 * a reset token is made then and only its hash stored), sends it and records it sent; a mail
 * already recorded sent is not sent again, so a job that runs twice sends once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { verificationPath } from '#server/auth/signed-links.ts';
import { replacePasswordResetToken } from '#server/account/password-reset-tokens.repository.ts';
import { insertSecurityAlertToken } from '#server/account/security-alert-tokens.repository.ts';
import { EMAIL_CODE_MINUTES, issueEmailCode } from '#server/account/email-codes.ts';
import { findUserForMail } from '#server/users/users.repository.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { renderRepairMail } from '#server/repair-jobs/repair-mail.ts';
import { renderReviewMail } from '#server/reviews/review-mail.ts';
import { renderQuoteMail } from '#server/quotes/quote-mail.ts';
import type { MailKind } from '#shared/value-sets.ts';
import type { MailMessage } from './mailer.ts';
import {
  passwordResetMessage,
  quoteRequestConfirmationMessage,
  quoteRequestShopMessage,
  securityAlertMessage,
  loginCodeMessage,
  verificationMessage,
  type MailShop,
  type QuoteRequestMailFacts,
  type SecurityAlertFacts,
} from './messages.ts';
import * as outgoing from './outgoing-mail.repository.ts';
import { renderBookingMail } from '#server/bookings/booking-mail.ts';

/** The queue the send-mail job reads (jobs/definitions/send-mail.ts). */
export const SEND_MAIL_JOB = 'send-mail';

type Executor = Kysely<Database> | Transaction<Database>;
type MailDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log' | 'publicContent' | 'jobs'>;

export type QueuedMail =
  | { kind: 'verification'; to: string; params: { userId: number } }
  | { kind: 'password-reset'; to: string; params: { userId: number } }
  | { kind: 'quote-request-shop'; to: string; params: { request: QuoteRequestMailFacts; url: string } }
  | { kind: 'quote-request-confirmation'; to: string; params: { name: string; reference: string; url: string } }
  | { kind: 'quote-reply'; to: string; params: { replyId: number } }
  | { kind: 'quote-status-changed'; to: string; params: { quoteRequestId: number; status: 'quoted' | 'booked' } }
  | { kind: 'security-alert'; to: string; params: { userId: number; facts: SecurityAlertFacts } }
  | { kind: 'login-code'; to: string; params: { userId: number; requestedAt: string } }
  | {
      kind: 'booking-confirmation' | 'booking-changed' | 'booking-cancelled' | 'booking-change-declined';
      to: string;
      params: { bookingId: number; reason?: string };
    }
  | { kind: 'booking-reminder'; to: string; params: { bookingId: number; morning: boolean } }
  | { kind: 'repair-job-created'; to: string; params: { repairJobId: number } }
  | { kind: 'repair-stage-changed'; to: string; params: { repairJobId: number } }
  | { kind: 'repair-review-request'; to: string; params: { repairJobId: number; reminder: boolean } };

/** What the Outgoing mail screen shows until the message is rendered (then its real subject). */
const KIND_LABELS: Record<MailKind, string> = {
  verification: 'Verify your e-mail address',
  'password-reset': 'Reset your password',
  'quote-request-shop': 'New quote request',
  'quote-request-confirmation': 'We received your quote request',
  'quote-reply': 'Your quote',
  'quote-status-changed': 'An update on your quote request',
  'security-alert': 'Security e-mail',
  'login-code': 'Your sign-in code',
  'booking-confirmation': 'Your booking is confirmed',
  'booking-changed': 'Your booking has changed',
  'booking-cancelled': 'Your booking is cancelled',
  'booking-reminder': 'A reminder of your booking',
  'booking-change-declined': 'About the change you asked for',
  'repair-job-created': 'Follow your repair',
  'repair-stage-changed': 'An update on your repair',
  'repair-review-request': 'How did we do?',
};

/**
 * Queues one mail in `trx` (the transaction of the change that causes it). After the commit the
 * caller may `deps.jobs.wake(SEND_MAIL_JOB)` so it goes at once rather than at the next poll.
 */
export async function queueMail(deps: Pick<AppDeps, 'jobs'>, trx: Executor, mail: QueuedMail): Promise<string> {
  const id = randomUUID();
  await outgoing.insertMail(trx, { id, kind: mail.kind, recipient: mail.to, subject: KIND_LABELS[mail.kind], params: mail.params });
  await deps.jobs.send(SEND_MAIL_JOB, { mailId: id }, { trx });
  return id;
}

/** Queues `mails` in one transaction of their own (no change of the caller's goes with them), then wakes the sender. */
export async function queueMails(deps: Pick<AppDeps, 'jobs' | 'db'>, mails: QueuedMail[]): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    for (const mail of mails) await queueMail(deps, trx, mail);
  });
  deps.jobs.wake(SEND_MAIL_JOB);
}

/** An error as the Outgoing mail screen shows it: no credentials (an SMTP URL's password), one line, bounded. */
export function describeMailError(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.message}${(error as { code?: string }).code ? ` (${(error as { code?: string }).code})` : ''}`
      : String(error);
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

type Rendered = MailMessage | { cancel: string };

async function render(
  deps: MailDeps,
  row: { kind: MailKind; recipient: string; params: Record<string, unknown> },
  shop: MailShop,
): Promise<Rendered> {
  const { config } = deps;
  switch (row.kind) {
    case 'verification': {
      const user = await findUserForMail(deps.db, Number(row.params.userId));
      if (!user) return { cancel: 'The account no longer exists.' };
      if (user.email_verified_at) return { cancel: 'The address was verified before the mail went.' };
      if (user.email.toLowerCase() !== row.recipient.toLowerCase()) return { cancel: 'The account has another address now.' };
      const url = config.appUrl + verificationPath(config.appKey, user.id, user.email);
      return verificationMessage({ to: user.email, firstname: user.firstname, url, shop });
    }
    case 'password-reset': {
      const user = await findUserForMail(deps.db, Number(row.params.userId));
      if (!user) return { cancel: 'The account no longer exists.' };
      const token = randomBytes(32).toString('hex');
      // Only the hash is stored: a copy of the table does not let anyone reset a password.
      await replacePasswordResetToken(deps.db, user.id, createHash('sha256').update(token).digest('hex'));
      const url = `${config.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
      return passwordResetMessage({ to: user.email, firstname: user.firstname, url, shop });
    }
    case 'quote-request-shop': {
      const params = row.params as { request: QuoteRequestMailFacts; url: string };
      return quoteRequestShopMessage({ shop, to: row.recipient, url: params.url, request: params.request });
    }
    case 'quote-request-confirmation': {
      const params = row.params as { name: string; reference: string; url: string };
      return quoteRequestConfirmationMessage({ shop, to: row.recipient, name: params.name, reference: params.reference, url: params.url });
    }
    case 'quote-reply':
    case 'quote-status-changed':
      // Read when the mail goes: a request deleted or anonymised since cancels it (quotes/quote-mail.ts).
      return renderQuoteMail(deps, row.kind, row.recipient, row.params, shop);
    case 'security-alert': {
      const params = row.params as { userId: number; facts: SecurityAlertFacts };
      const user = await findUserForMail(deps.db, Number(params.userId));
      if (!user) return { cancel: 'The account no longer exists.' };
      // Made when the mail goes, like a reset token; only its hash is stored (single use, 7 days).
      const token = randomBytes(32).toString('hex');
      await insertSecurityAlertToken(deps.db, user.id, createHash('sha256').update(token).digest('hex'));
      const url = `${config.appUrl}/this-wasnt-me/${token}`;
      return securityAlertMessage({ to: row.recipient, firstname: user.firstname, facts: params.facts, url, shop });
    }
    case 'login-code': {
      const params = row.params as { userId: number; requestedAt: string };
      // A code mail held up longer than a code lives is of no use: the person has asked again or given up.
      if (Date.now() - new Date(params.requestedAt).getTime() > EMAIL_CODE_MINUTES * 60 * 1000) {
        return { cancel: 'The code would have expired before it arrived.' };
      }
      const user = await findUserForMail(deps.db, Number(params.userId));
      if (!user) return { cancel: 'The account no longer exists.' };
      if (user.email.toLowerCase() !== row.recipient.toLowerCase()) return { cancel: 'The account has another address now.' };
      // Made when the mail goes, stored as its HMAC only, replacing any earlier code.
      const code = await issueEmailCode(deps, user.id);
      return loginCodeMessage({ to: user.email, firstname: user.firstname, code, url: `${config.appUrl}/login`, shop });
    }
    case 'booking-confirmation':
    case 'booking-changed':
    case 'booking-cancelled':
    case 'booking-reminder':
    case 'booking-change-declined':
      return renderBookingMail(
        deps,
        row.kind,
        row.recipient,
        row.params as { bookingId: number; reason?: string; morning?: boolean },
        shop,
      );
    case 'repair-job-created':
    case 'repair-stage-changed':
      // The tracker link is made when the mail goes (only its hash is stored): repair-jobs/repair-mail.ts.
      return renderRepairMail(deps, row.kind, row.recipient, Number(row.params.repairJobId), shop);
    case 'repair-review-request':
      // The single-use link is made when the mail goes (only its hash is stored): reviews/review-mail.ts.
      return renderReviewMail(deps, row.recipient, Number(row.params.repairJobId), row.params.reminder === true, shop);
  }
}

/**
 * Sends one queued mail (the send-mail job). Throws when it could not be sent, so the queue tries
 * again later; `finalAttempt` marks the row failed instead of queued when that was the last try.
 */
export async function deliverMail(deps: MailDeps, mailId: string, finalAttempt: boolean): Promise<'sent' | 'skipped'> {
  const row = await outgoing.findMail(deps.db, mailId);
  if (!row || row.status === 'sent' || row.status === 'cancelled') return 'skipped';
  try {
    const message = await render(deps, row, await readShop(deps));
    if ('cancel' in message) {
      await outgoing.markMailCancelled(deps.db, mailId, message.cancel);
      return 'skipped';
    }
    await deps.mailer.send(message);
    await outgoing.markMailSent(deps.db, mailId, message.subject);
    deps.log.info({ mailId, kind: row.kind }, 'e-mail sent');
    return 'sent';
  } catch (error) {
    const described = describeMailError(error);
    deps.log.warn({ mailId, kind: row.kind, error: described, finalAttempt }, 'e-mail not sent; the queue tries again');
    await outgoing.recordMailFailure(deps.db, mailId, described, finalAttempt).catch(() => {});
    throw new Error(described);
  }
}
