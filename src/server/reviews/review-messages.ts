/** The review request's words (review-mail.ts renders it). */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';

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
