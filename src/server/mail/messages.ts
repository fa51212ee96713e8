/**
 * The e-mails the site sends, each with a plain-text and an HTML part. Links are absolute, built
 * from APP_URL, because a mail client has no page to resolve a relative link against. The shop's
 * name and the signature come from the shop record (the sender reads it with readShop).
 */
import type { MailMessage } from './mailer.ts';
import { SIGNED_LINK_MINUTES } from '#shared/limits.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { formatPence } from '#shared/format/money.ts';
import type { SecurityEvent } from '#shared/value-sets.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { formatAddressLine } from '#shared/format/address.ts';

/** What an e-mail says about the shop: its name (heading, subject) and the signature. */
export type MailShop = Pick<Shop, 'name' | 'addressLines' | 'town' | 'county' | 'postcode' | 'telephone' | 'email' | 'timeZone'>;

/** The signature's lines: name, address, telephone and e-mail. */
function signatureLines(shop: MailShop): string[] {
  return [shop.name, formatAddressLine(shop), `${shop.telephone} · ${shop.email}`];
}

function textSignature(shop: MailShop): string {
  return signatureLines(shop).join('\n');
}

function layout(shop: MailShop, title: string, paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  const signature = signatureLines(shop).map(escapeHtml).join('<br>');
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:6px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(shop.name)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(footer)}</p>
<p style="margin:0 0 16px;font-size:12px;color:#7b8794;word-break:break-all">If the button does not work, copy this address into your browser: ${escapeHtml(action.url)}</p>
<p style="margin:0;font-size:13px;color:#52606d;border-top:1px solid #e4e7eb;padding-top:16px">${signature}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}

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

export interface QuoteRequestMailFacts {
  reference: string;
  name: string;
  email: string;
  telephone: string | null;
  vehicle: string;
  registration: string | null;
  description: string;
  preferredContact: 'email' | 'phone';
  photoCount: number;
}

/** To the shop: the request as the customer wrote it (escaped in the HTML part), and where to triage it. */
export function quoteRequestShopMessage(options: { to: string; request: QuoteRequestMailFacts; url: string; shop: MailShop }): MailMessage {
  const r = options.request;
  const subject = `New quote request ${r.reference} - ${r.vehicle}`;
  const lines = [
    `A new quote request ${r.reference} came in through the website.`,
    `Name: ${r.name}`,
    `E-mail: ${r.email}`,
    `Telephone: ${r.telephone ?? 'not given'}`,
    `Vehicle: ${r.vehicle}${r.registration ? ` (${r.registration})` : ''}`,
    `Preferred contact: ${r.preferredContact === 'phone' ? 'telephone' : 'e-mail'}`,
    `Photos: ${r.photoCount}`,
    `Damage: ${r.description}`,
  ];
  const footer = 'The photos are only shown in the admin area, to signed-in admins.';
  return {
    to: options.to,
    subject,
    text: `${lines.join('\n')}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, lines, { label: 'Open the request', url: options.url }, footer),
  };
}

/** To the customer: the reference to quote when they call, and what happens next. */
export function quoteRequestConfirmationMessage(options: {
  to: string;
  name: string;
  reference: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `We received your quote request ${options.reference} - ${options.shop.name}`;
  const intro = `Hello ${options.name},`;
  const body = `Thank you for your quote request. Your reference is ${options.reference}: please mention it when you contact us.`;
  const next = 'We look at every request within two working days and get back to you the way you asked.';
  const footer = 'If you did not send this request, you can ignore this e-mail.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body, next], { label: 'Visit our website', url: options.url }, footer),
  };
}

/** The shop's answer to a quote request: the price and the admin's message (plain text, escaped in the HTML part). */
export function quoteReplyMessage(options: {
  to: string;
  name: string;
  reference: string;
  vehicle: string;
  pricePence: number;
  message: string;
  url: string;
  hasAccount: boolean;
  shop: MailShop;
}): MailMessage {
  const subject = `Your quote ${options.reference}: ${formatPence(options.pricePence)} - ${options.shop.name}`;
  const intro = `Hello ${options.name},`;
  const price = `Thank you for your quote request ${options.reference} about your ${options.vehicle}. Our price for the work is ${formatPence(options.pricePence)}.`;
  const next = 'To go ahead, or if you have a question, reply to this e-mail or call us and mention your reference.';
  const footer = options.hasAccount
    ? 'You can read this answer again in your account, under My quote requests.'
    : 'A quote is valid for 30 days from this e-mail.';
  const paragraphs = [intro, price, ...options.message.split(/\n{2,}/), next];
  return {
    to: options.to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(
      options.shop,
      subject,
      paragraphs,
      { label: options.hasAccount ? 'See your quote requests' : 'Visit our website', url: options.url },
      footer,
    ),
  };
}

/** A change of a quote request's status the customer should know about (quoted, booked). */
export function quoteStatusChangedMessage(options: {
  to: string;
  name: string;
  reference: string;
  status: 'quoted' | 'booked';
  url: string;
  hasAccount: boolean;
  shop: MailShop;
}): MailMessage {
  const what =
    options.status === 'quoted'
      ? {
          subject: `We have quoted for your request ${options.reference}`,
          body: `We have prepared a quote for your request ${options.reference}. We will send you the details, or you can call us for them.`,
        }
      : {
          subject: `Your repair is booked in: ${options.reference}`,
          body: `Your quote request ${options.reference} is now booked in with us. We look forward to seeing you and your vehicle.`,
        };
  const subject = `${what.subject} - ${options.shop.name}`;
  const intro = `Hello ${options.name},`;
  const next = 'If you have a question, reply to this e-mail or call us and mention your reference.';
  const footer = options.hasAccount
    ? 'Your account shows your quote requests and their status.'
    : 'You received this e-mail because you asked us for a quote.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${what.body}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(
      options.shop,
      subject,
      [intro, what.body, next],
      { label: options.hasAccount ? 'See your quote requests' : 'Visit our website', url: options.url },
      footer,
    ),
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
  const subject = `Your sign-in code is ${options.code} - ${options.shop.name}`;
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

/** What a mail about a booking says (bookings/booking-mail.ts gathers it when the mail is rendered). */
export interface BookingMailFacts {
  reference: string;
  name: string;
  typeName: string;
  /** "Thursday 3 December 2026", at the shop. */
  day: string;
  /** "10:20 to 10:40", at the shop. */
  time: string;
  /** Where: the shop's address, or the customer's location for an on-site visit. */
  where: string;
  vehicle: string;
  manageUrl: string;
  /** "You can change or cancel it online until 2 December 2026, 10:20." */
  changeNote: string;
}

/** What to bring, the same for every booking mail. */
export const BOOKING_WHAT_TO_BRING =
  'Please bring the vehicle (or have it ready on site), its keys, and any quote reference or insurance claim number you have.';

/** To the customer: booked, moved (with a new calendar file) or cancelled (with the reason). */
export function bookingMessage(options: {
  kind: 'booking-confirmation' | 'booking-changed' | 'booking-cancelled' | 'booking-reminder' | 'booking-change-declined';
  /** A reminder on the morning itself (on-site visits), rather than the day before. */
  morning?: boolean;
  to: string;
  booking: BookingMailFacts;
  reason?: string | undefined;
  shop: MailShop;
}): MailMessage {
  const b = options.booking;
  const subjects = {
    'booking-confirmation': `Your booking ${b.reference} is confirmed - ${options.shop.name}`,
    'booking-changed': `Your booking ${b.reference} has changed - ${options.shop.name}`,
    'booking-cancelled': `Your booking ${b.reference} is cancelled - ${options.shop.name}`,
    'booking-reminder': `Reminder: your booking ${b.reference} is ${options.morning ? 'today' : 'tomorrow'} - ${options.shop.name}`,
    'booking-change-declined': `About the change to your booking ${b.reference} - ${options.shop.name}`,
  };
  const subject = subjects[options.kind];
  const intro = `Hello ${b.name},`;
  const when = `${b.typeName}: ${b.day}, ${b.time}.`;
  const lines =
    options.kind === 'booking-change-declined'
      ? [
          intro,
          `We are sorry: we cannot make the change you asked for to your booking ${b.reference}.`,
          ...(options.reason ? [options.reason] : []),
          `Your booking stays as it was: ${when}`,
          'Please call us if you need to talk it through.',
        ]
      : options.kind === 'booking-cancelled'
        ? [
            intro,
            `Your booking ${b.reference} (${when}) is cancelled.`,
            ...(options.reason ? [`Reason: ${options.reason}`] : []),
            'You are welcome to book another time on our website.',
          ]
        : [
            intro,
            {
              'booking-confirmation': `Thank you: your booking ${b.reference} is confirmed.`,
              'booking-changed': `Your booking ${b.reference} has a new time.`,
              'booking-reminder': `A reminder: we look forward to seeing you ${options.morning ? 'today' : 'tomorrow'}.`,
            }[options.kind],
            when,
            `Where: ${b.where}`,
            `Vehicle: ${b.vehicle}`,
            BOOKING_WHAT_TO_BRING,
            'The calendar file attached adds it to your calendar.',
            b.changeNote,
          ];
  const action = { label: options.kind === 'booking-cancelled' ? 'Book another time' : 'Manage my booking', url: b.manageUrl };
  // (A declined change keeps the booking: its link still manages it.)
  const footer = 'Keep this e-mail: its link lets you manage the booking without signing in.';
  return {
    to: options.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${action.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, lines, action, footer),
  };
}

/** What the repair e-mails say about the job (repair-jobs/). */
export interface RepairMailFacts {
  name: string;
  reference: string;
  vehicle: string;
  registration: string | null;
}

function vehicleOf(job: RepairMailFacts): string {
  return job.registration ? `${job.vehicle} (${job.registration})` : job.vehicle;
}

/** The private tracker link, sent when the shop opens the job. */
export function repairJobCreatedMessage(options: {
  to: string;
  job: RepairMailFacts;
  promisedReady: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `Follow the repair of your ${options.job.vehicle} - ${options.shop.name}`;
  const intro = `Hello ${options.job.name},`;
  const body = `Your ${vehicleOf(options.job)} is booked in with us (reference ${options.job.reference}). We expect it to be ready on ${options.promisedReady}.`;
  const next = 'Your private tracker shows where the repair is, the photos we share with you, and lets you send us a message.';
  const footer = 'The link is private to you: please do not share it. It stops working 30 days after you collect the vehicle.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body, next], { label: 'Follow your repair', url: options.url }, footer),
  };
}

/** The stage a job reached (one mail for several quick changes: the stage it is at when the mail goes). */
export function repairStageChangedMessage(options: {
  to: string;
  job: RepairMailFacts;
  stage: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `${options.job.vehicle}: ${options.stage} - ${options.shop.name}`;
  const intro = `Hello ${options.job.name},`;
  const body = `An update on your ${vehicleOf(options.job)} (reference ${options.job.reference}): it is now at the stage "${options.stage}".`;
  const next = 'Your tracker has the details and any photos we have shared.';
  const footer = 'The link is private to you: please do not share it.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body, next], { label: 'Open your tracker', url: options.url }, footer),
  };
}

/** The review request after collection (and its one reminder): the same words for every customer. */
export function reviewRequestMessage(options: {
  to: string;
  name: string;
  vehicle: string;
  reminder: boolean;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `${options.reminder ? 'A reminder: how' : 'How'} did we do with your ${options.vehicle}? - ${options.shop.name}`;
  const intro = `Hello ${options.name},`;
  const body = `Thank you for choosing us for the repair of your ${options.vehicle}. We would be grateful if you could tell us how we did.`;
  const next =
    'The page below links to where you can leave a public review, and has a short private form for anything you would like to tell us.';
  const footer = options.reminder ? 'This is the only reminder we will send.' : 'The link works once.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body, next], { label: 'Tell us how we did', url: options.url }, footer),
  };
}
