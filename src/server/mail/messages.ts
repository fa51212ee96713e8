/**
 * The e-mails the site sends, each with a plain-text and an HTML part. Links are absolute, built
 * from APP_URL, because a mail client has no page to resolve a relative link against. The shop's
 * name and the signature come from the shop record (the sender reads it with readShop).
 */
import type { MailMessage } from './mailer.ts';
import { SIGNED_LINK_MINUTES } from '#shared/limits.ts';
import type { Shop } from '#shared/schemas/shop.ts';

/** What an e-mail says about the shop: its name (heading, subject) and the signature. */
export type MailShop = Pick<Shop, 'name' | 'addressLines' | 'town' | 'postcode' | 'telephone' | 'email'>;

/** The signature's lines: name, address, telephone and e-mail. */
function signatureLines(shop: MailShop): string[] {
  const address = [...shop.addressLines, shop.town, shop.postcode].filter((part) => part.trim() !== '').join(', ');
  return [shop.name, address, `${shop.telephone} · ${shop.email}`];
}

function textSignature(shop: MailShop): string {
  return signatureLines(shop).join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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
