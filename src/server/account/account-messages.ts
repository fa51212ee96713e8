/** The account's e-mails: verification, password reset, security alerts, the sign-in code (account-mail.ts renders them). */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';
import { SIGNED_LINK_MINUTES } from '#shared/limits.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import type { SecurityEvent } from '#shared/value-sets.ts';

export function verificationMessage(options: { to: string; firstname: string; url: string; shop: MailShop }): MailMessage {
  const subject = `Verify your e-mail address - ${options.shop.name}`;
  const intro = `Hello ${options.firstname},`;
  const ask = `Please confirm that ${options.to} is your e-mail address by opening the link below.`;
  const expiry = `The link works for ${SIGNED_LINK_MINUTES} minutes. If you did not create an account, you can ignore this e-mail.`;
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${ask}\n\n${options.url}\n\n${expiry}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, ask], { label: 'Verify e-mail address', url: options.url }, expiry),
  };
}

export function passwordResetMessage(options: { to: string; firstname: string; url: string; shop: MailShop }): MailMessage {
  const subject = `Reset your password - ${options.shop.name}`;
  const intro = `Hello ${options.firstname},`;
  const why = 'We received a request to reset the password of your account. Open the link below to choose a new one.';
  const expiry = `The link works once, for ${SIGNED_LINK_MINUTES} minutes. If you did not ask for a reset, you can ignore this e-mail: your password stays as it is.`;
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${why}\n\n${options.url}\n\n${expiry}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, why], { label: 'Reset password', url: options.url }, expiry),
  };
}

export interface SecurityAlertFacts {
  event: SecurityEvent;
  /** When it happened (ISO). */
  at: string;
  browser: string;
  system: string;
  ipAddress: string | null;
  /** email-changed: the address before and after. */
  oldEmail?: string;
  newEmail?: string;
}

const SECURITY_SUBJECTS: Record<SecurityEvent, string> = {
  'new-sign-in': 'New sign-in to your account',
  'password-changed': 'Your password was changed',
  'password-reset': 'Your password was reset',
  'two-factor-on': 'Two-factor authentication turned on',
  'two-factor-off': 'Two-factor authentication turned off',
  'recovery-codes': 'New recovery codes made',
  'passkey-added': 'A passkey was added to your account',
  'email-changed': 'Your e-mail address was changed',
  'email-codes-locked': 'Sign-in codes paused on your account',
};

function securityWhat(facts: SecurityAlertFacts): string {
  switch (facts.event) {
    case 'new-sign-in':
      return 'Your account was signed in to from a browser or device it has not been used on before.';
    case 'password-changed':
      return 'The password of your account was changed.';
    case 'password-reset':
      return 'The password of your account was reset with a link sent by e-mail.';
    case 'two-factor-on':
      return 'Two-factor authentication was turned on for your account: signing in now also asks for a code from an authenticator app.';
    case 'two-factor-off':
      return 'Two-factor authentication was turned off for your account: signing in no longer asks for a code from an authenticator app.';
    case 'recovery-codes':
      return 'New two-factor recovery codes were made for your account. The old ones no longer work.';
    case 'passkey-added':
      return 'A passkey was added to your account: it can now be used to sign in without a password.';
    case 'email-changed':
      return `The e-mail address of your account was changed from ${facts.oldEmail ?? 'your old address'} to ${facts.newEmail ?? 'a new address'}.`;
    case 'email-codes-locked':
      return 'Too many wrong sign-in codes were entered for your account, so e-mailed codes are paused for a day. Sign in with your password or a passkey meanwhile.';
  }
}

/**
 * A security e-mail: what happened, when (at the shop, the shared formatter), from where (browser,
 * system, address), and the "this wasn't me" link that signs the account out everywhere and sends
 * a password reset link.
 */
export function securityAlertMessage(options: {
  to: string;
  firstname: string;
  facts: SecurityAlertFacts;
  url: string;
  shop: MailShop;
}): MailMessage {
  const { facts, shop } = options;
  const subject = `${SECURITY_SUBJECTS[facts.event]} - ${shop.name}`;
  const intro = `Hello ${options.firstname},`;
  const what = securityWhat(facts);
  const when = `When: ${formatDateTime(facts.at, { timeZone: shop.timeZone })}`;
  const where = `From: ${facts.browser} on ${facts.system}, IP address ${facts.ipAddress ?? 'unknown'}`;
  const ok = 'If this was you, there is nothing to do.';
  const notMe =
    "If this wasn't you, open the link below: it signs your account out everywhere and e-mails you a link to choose a new password.";
  const footer = 'The link works once, for 7 days. We send this e-mail for every change to how you sign in; it cannot be turned off.';
  return {
    to: options.to,
    subject,
    text: `${intro}

${what}

${when}
${where}

${ok}
${notMe}

${options.url}

${footer}

${textSignature(shop)}
`,
    html: layout(shop, subject, [intro, what, when, where, ok, notMe], { label: "This wasn't me", url: options.url }, footer),
  };
}

/** The one-time sign-in code ("E-mail me a code" on the login page). */
export function loginCodeMessage(options: { to: string; firstname: string; code: string; url: string; shop: MailShop }): MailMessage {
  // Not the code: the subject is stored, listed on Outgoing mail and logged (mail-delivery.ts).
  const subject = `Your sign-in code for ${options.shop.name}`;
  const intro = `Hello ${options.firstname},`;
  const body = `Your code to sign in is ${options.code}. Type it on the login page.`;
  const expiry =
    'The code works once, for 10 minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${options.url}\n\n${expiry}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body], { label: 'Open the login page', url: options.url }, expiry),
  };
}

export function confirmationCodeMessage(options: {
  to: string;
  firstname: string;
  code: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  // Not the code: the subject is stored, listed on Outgoing mail and logged (mail-delivery.ts).
  const subject = `Your confirmation code for ${options.shop.name}`;
  const intro = `Hello ${options.firstname},`;
  const body = `Your code to confirm it is you is ${options.code}. Type it on the page that asked for it.`;
  const expiry =
    'The code works once, for 10 minutes. If you did not ask for it, someone may be signed in to your account: change your password.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${options.url}\n\n${expiry}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body], { label: 'Change your password', url: options.url }, expiry),
  };
}
