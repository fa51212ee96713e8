/**
 * The account's e-mails as they are sent (mail/mail-kinds.ts lists them): the verification link,
 * the password reset link and the "this wasn't me" link are made when the mail goes (a reset or
 * alert token is stored as its hash only), and so are the sign-in and confirmation codes (stored as
 * their HMACs only).
 * A mail for an account gone, or moved to another address, is cancelled. A mail to an address the
 * account has not verified greets with the echo of the first name only (mail/visitor-text.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineMailKind, type MailRenderDeps } from '#server/mail/mail-kind.ts';
import { accountGreetingName } from '#server/mail/visitor-text.ts';
import { verificationPath } from '#server/auth/signed-links.ts';
import { findUserForMail } from '#server/users/users.repository.ts';
import { SECURITY_EVENTS } from '#shared/value-sets.ts';
import { replacePasswordResetToken } from './password-reset-tokens.repository.ts';
import { insertSecurityAlertToken } from './security-alert-tokens.repository.ts';
import { EMAIL_CODE_MINUTES, issueEmailCode } from './email-codes.ts';
import {
  confirmationCodeMessage,
  loginCodeMessage,
  passwordResetMessage,
  securityAlertMessage,
  verificationMessage,
} from './account-messages.ts';

const userParams = z.object({ userId: z.number().int() });

export const verificationMail = defineMailKind({
  kind: 'verification',
  label: 'Verify your e-mail address',
  params: userParams,
  urgent: true,
  async render(deps, { recipient, params }, shop) {
    const user = await findUserForMail(deps.db, params.userId);
    if (!user) return { cancel: 'The account no longer exists.' };
    if (user.email_verified_at) return { cancel: 'The address was verified before the mail went.' };
    if (user.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The account has another address now.' };
    const url = deps.config.appUrl + verificationPath(deps.config.appKey, user.id, user.email);
    return verificationMessage({ to: user.email, firstname: accountGreetingName(user, user.email), url, shop });
  },
});

export const passwordResetMail = defineMailKind({
  kind: 'password-reset',
  label: 'Reset your password',
  params: userParams,
  urgent: true,
  async render(deps, { params }, shop) {
    const user = await findUserForMail(deps.db, params.userId);
    if (!user) return { cancel: 'The account no longer exists.' };
    const token = randomBytes(32).toString('hex');
    // Only the hash is stored: a copy of the table does not let anyone reset a password.
    await replacePasswordResetToken(deps.db, user.id, createHash('sha256').update(token).digest('hex'));
    const url = `${deps.config.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
    return passwordResetMessage({ to: user.email, firstname: accountGreetingName(user, user.email), url, shop });
  },
});

export const securityAlertMail = defineMailKind({
  kind: 'security-alert',
  label: 'Security e-mail',
  params: z.object({
    userId: z.number().int(),
    facts: z.object({
      event: z.enum(SECURITY_EVENTS),
      at: z.string(),
      browser: z.string(),
      system: z.string(),
      ipAddress: z.string().nullable(),
      oldEmail: z.string().optional(),
      newEmail: z.string().optional(),
    }),
  }),
  async render(deps, { recipient, params }, shop) {
    const user = await findUserForMail(deps.db, params.userId);
    if (!user) return { cancel: 'The account no longer exists.' };
    // Made when the mail goes, like a reset token; only its hash is stored (single use, 7 days).
    const token = randomBytes(32).toString('hex');
    // The copy to the old address of an e-mail change gives that address back when used.
    const { oldEmail } = params.facts;
    const restoreEmail = oldEmail && oldEmail.toLowerCase() === recipient.toLowerCase() ? oldEmail : undefined;
    await insertSecurityAlertToken(deps.db, user.id, createHash('sha256').update(token).digest('hex'), { restoreEmail });
    const url = `${deps.config.appUrl}/this-wasnt-me/${token}`;
    return securityAlertMessage({ to: recipient, firstname: accountGreetingName(user, recipient), facts: params.facts, url, shop });
  },
});

const codeMailParams = z.object({ userId: z.number().int(), requestedAt: z.string() });

/**
 * The account a code mail is for, and its code: made when the mail goes, stored as its HMAC only,
 * replacing any earlier code. A mail held up longer than a code lives is of no use: the person has
 * asked again or given up.
 */
async function codeFor(
  deps: MailRenderDeps,
  recipient: string,
  params: z.infer<typeof codeMailParams>,
  purpose: Parameters<typeof issueEmailCode>[2],
): Promise<{ cancel: string } | { to: string; firstname: string; code: string }> {
  if (Date.now() - new Date(params.requestedAt).getTime() > EMAIL_CODE_MINUTES * 60 * 1000) {
    return { cancel: 'The code would have expired before it arrived.' };
  }
  const user = await findUserForMail(deps.db, params.userId);
  if (!user) return { cancel: 'The account no longer exists.' };
  if (user.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The account has another address now.' };
  const code = await issueEmailCode(deps, user.id, purpose);
  return { to: user.email, firstname: accountGreetingName(user, user.email), code };
}

export const loginCodeMail = defineMailKind({
  kind: 'login-code',
  // The label and the subject name the mail, never the code (it is in the body only).
  label: 'Sign-in code',
  params: codeMailParams,
  urgent: true,
  async render(deps, { recipient, params }, shop) {
    const found = await codeFor(deps, recipient, params, 'sign-in');
    if ('cancel' in found) return found;
    return loginCodeMessage({ ...found, url: `${deps.config.appUrl}/login`, shop });
  },
});

export const confirmationCodeMail = defineMailKind({
  kind: 'confirmation-code',
  // As the sign-in code's: the label and the subject never carry the code.
  label: 'Confirmation code',
  params: codeMailParams,
  urgent: true,
  async render(deps, { recipient, params }, shop) {
    const found = await codeFor(deps, recipient, params, 'confirm');
    if ('cancel' in found) return found;
    return confirmationCodeMessage({ ...found, url: `${deps.config.appUrl}/account/password`, shop });
  },
});

export const accountMailKinds = [verificationMail, passwordResetMail, securityAlertMail, loginCodeMail, confirmationCodeMail] as const;
