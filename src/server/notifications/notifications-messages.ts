// The words of the shop's notification e-mail (notifications-mail.ts sends it).
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';
import { NOTIFICATION_EVENT_LABELS, type NotificationEvent } from '#shared/value-sets.ts';

/**
 * To the shop: what happened, a short summary and the admin page to answer it on. The subject
 * names only the event and the reference: it is stored and listed on Outgoing mail.
 */
export function shopNotificationMessage(options: {
  to: string;
  event: NotificationEvent;
  reference: string;
  summary: string;
  url: string;
  shop: MailShop;
}): MailMessage {
  const label = NOTIFICATION_EVENT_LABELS[options.event];
  const subject = `${label}: ${options.reference}`;
  const lines = [`${label} (${options.reference}).`, options.summary];
  const footer = 'You receive this because the shop is told of it. An owner can change which events e-mail whom under Notifications.';
  return {
    to: options.to,
    subject,
    text: `${lines.join('\n\n')}\n\nAnswer it here: ${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, lines, { label: 'Open it', url: options.url }, footer),
  };
}
