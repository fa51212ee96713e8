/** The estimate e-mails' words: the estimate (or a supplement) to the customer, and their answer to the shop (estimate-mail.ts renders them). */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';
import { formatAmount } from '#shared/money/estimate-totals.ts';

function message(
  shop: MailShop,
  to: string,
  subject: string,
  paragraphs: string[],
  button: { label: string; url: string },
  footer: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${button.url}\n\n${footer}\n\n${textSignature(shop)}\n`,
    html: layout(shop, subject, paragraphs, button, footer),
  };
}

/** To the customer: the total including VAT (never a price without it), and the private link. */
export function estimateSentMessage(options: {
  to: string;
  name: string;
  reference: string;
  vehicle: string;
  number: number;
  grossPence: number;
  validUntil: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const supplement = options.number > 1;
  const subject = supplement
    ? `Your updated estimate ${options.reference} - ${options.shop.name}`
    : `Your estimate ${options.reference} - ${options.shop.name}`;
  const paragraphs = [
    `Hello ${options.name},`,
    supplement
      ? `We have updated the estimate for your ${options.vehicle}: it now comes to ${formatAmount(options.grossPence)} including VAT. The page shows what changed, and we need your agreement to the new version before we do the extra work.`
      : `Your itemised estimate for your ${options.vehicle} comes to ${formatAmount(options.grossPence)} including VAT.`,
    `You can read every line, and accept or decline it online, until ${options.validUntil}.`,
  ];
  return message(
    options.shop,
    options.to,
    subject,
    paragraphs,
    { label: 'Read your estimate', url: options.url },
    'Keep this e-mail: the link opens your estimate without signing in.',
  );
}

/** To the shop: the customer accepted (and whether to start within the cancellation period) or declined (with the reason). */
export function estimateAnsweredMessage(options: {
  to: string;
  reference: string;
  number: number;
  accepted: boolean;
  name: string;
  startWithinCancellation: boolean | null;
  reason: string | null;
  url: string;
  shop: MailShop;
}): MailMessage {
  const subject = `Estimate ${options.reference} (version ${options.number}) ${options.accepted ? 'accepted' : 'declined'}`;
  const paragraphs = options.accepted
    ? [
        `${options.name} accepted version ${options.number} of estimate ${options.reference}.`,
        options.startWithinCancellation
          ? 'They asked us to start within the 14-day cancellation period.'
          : 'They did not ask us to start within the 14-day cancellation period.',
      ]
    : [`The customer declined version ${options.number} of estimate ${options.reference}.`, `Reason: ${options.reason ?? 'not given'}`];
  return message(options.shop, options.to, subject, paragraphs, { label: 'Open the quote request', url: options.url }, '');
}
