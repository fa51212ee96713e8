/** The words of the threads: the reply e-mail (thread-mail.ts renders it) and the refusals. */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';

export const THREAD_TEXTS = {
  /** A telephone-only customer: the reply box is not offered, and the server refuses one. */
  noEmail: 'This customer has no e-mail address, so a reply here cannot reach them. Please call them instead.',
  /** The line every reply carries: the customer's own Reply works too, but the thread keeps the history. */
  keepInOnePlace: 'Answering through the link keeps everything in one place.',
};

/** The shop's reply in the customer's thread: the text itself, the link back to the thread, Reply-To the shop. */
export function threadReplyMessage(options: {
  to: string;
  name: string;
  /** What the thread is about, as the customer knows it ("your quote Q-2026-…"). */
  about: string;
  reply: string;
  author: string | null;
  url: string;
  actionLabel: string;
  shop: MailShop;
}): MailMessage {
  // The subject names the matter's reference only: it is stored and listed, and the reply's text may be personal.
  const subject = `A reply about ${options.about} - ${options.shop.name}`;
  const intro = `Hello ${options.name},`;
  const lead = options.author
    ? `${options.author} at ${options.shop.name} replied about ${options.about}:`
    : `We replied about ${options.about}:`;
  const next = THREAD_TEXTS.keepInOnePlace;
  const footer = 'The link is private to you: please do not share it.';
  return {
    to: options.to,
    replyTo: options.shop.email,
    subject,
    text: `${intro}\n\n${lead}\n\n${options.reply}\n\n${next}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, lead, options.reply, next], { label: options.actionLabel, url: options.url }, footer),
  };
}
