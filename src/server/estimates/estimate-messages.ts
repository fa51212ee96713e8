/** The estimate's words: the mail of an estimate (or a supplement, with what changed) to the customer (estimate-mail.ts renders it) and the thread's message. */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';
import { formatAmount } from '#shared/money/estimate-totals.ts';
import type { EstimateChanges } from '#shared/schemas/estimates.ts';
import { noLineChanged } from './estimate-changes.ts';

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
  vatRegistered: boolean;
  changes: EstimateChanges | null;
  validUntil: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const supplement = options.changes !== null;
  const subject = supplement
    ? `Your updated estimate ${options.reference} - ${options.shop.name}`
    : `Your estimate ${options.reference} - ${options.shop.name}`;
  const total = `${formatAmount(options.grossPence)}${options.vatRegistered ? ' including VAT' : ''}`;
  const paragraphs = options.changes
    ? [
        `Hello ${options.name},`,
        `We have updated the estimate for your ${options.vehicle}: it now comes to ${total}, ${totalMove(options.changes)} on version ${options.changes.previous_number} (${formatAmount(options.changes.previous_gross_pence)}). We need your agreement to the new version before we do the extra work.`,
        `What changed since version ${options.changes.previous_number}:`,
        ...(noLineChanged(options.changes) ? ['No line changed: only the notes or the terms.'] : changeLines(options.changes)),
        `You can read every line, and accept or decline it online, until ${options.validUntil}.`,
      ]
    : [
        `Hello ${options.name},`,
        `Your itemised estimate for your ${options.vehicle} comes to ${total}.`,
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

/** "1 line added, 2 changed, 1 removed" (what a supplement's summary counts). */
function changeCounts(changes: EstimateChanges): string {
  const parts = [
    changes.added.length > 0 ? `${changes.added.length} line${changes.added.length === 1 ? '' : 's'} added` : '',
    changes.changed.length > 0 ? `${changes.changed.length} changed` : '',
    changes.removed.length > 0 ? `${changes.removed.length} removed` : '',
  ].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(', ') : 'no line changed';
}

/** "up by £12.00", "down by £3.50" or "unchanged": a supplement's total against the version before. */
export function totalMove(changes: EstimateChanges): string {
  if (changes.difference_pence === 0) return 'unchanged';
  return `${changes.difference_pence > 0 ? 'up' : 'down'} by ${formatAmount(Math.abs(changes.difference_pence))}`;
}

/** The lines of what changed, one a line, for a mail's text: "Added: Labour Strip door (£120.00)". */
export function changeLines(changes: EstimateChanges): string[] {
  return [
    ...changes.added.map((l) => `Added: ${l.description} (${formatAmount(l.gross_pence)})`),
    ...changes.changed.map(
      ({ before, after }) => `Changed: ${after.description} (${formatAmount(before.gross_pence)} → ${formatAmount(after.gross_pence)})`,
    ),
    ...changes.removed.map((l) => `Removed: ${l.description} (${formatAmount(l.gross_pence)})`),
  ];
}

/** The shop's message in the matter's thread when an estimate or a supplement is sent. */
export function estimateThreadText(options: {
  reference: string;
  number: number;
  grossPence: number;
  vatRegistered: boolean;
  changes: EstimateChanges | null;
}): string {
  const total = `${formatAmount(options.grossPence)}${options.vatRegistered ? ' including VAT' : ''}`;
  const where = 'Read it and accept or decline it from the link in our e-mail, or from "Your estimate" on your repair or in your account.';
  if (!options.changes) return `We have sent you estimate ${options.reference}: ${total}. ${where}`;
  return [
    `We have updated estimate ${options.reference} to version ${options.number}: ${total}, ${totalMove(options.changes)} on version ${options.changes.previous_number} (${changeCounts(options.changes)}).`,
    `We need your agreement to the new version before we do the extra work. ${where}`,
  ].join(' ');
}
