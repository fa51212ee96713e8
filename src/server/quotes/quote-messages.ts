/** The quote e-mails: the request to the shop, its confirmation, the reply and a status change (quote-mail.ts renders them). */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';
import { formatPence } from '#shared/format/money.ts';

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
  /** The booking page with the quote's reference filled in (it grants nothing by itself). */
  bookUrl: string;
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
  const book = `Book a drop-off: ${options.bookUrl}`;
  const paragraphs = [intro, price, ...options.message.split(/\n{2,}/), book, next];
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
