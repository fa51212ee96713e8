/** The staff invitation's words (staff-invitation-mail.ts renders it). */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';
import type { StaffRole } from '#shared/value-sets.ts';

const AS_ROLE: Record<StaffRole, string> = { estimator: 'an estimator', technician: 'a technician', editor: 'an editor' };

export function staffInvitationMessage(options: {
  to: string;
  name: string;
  staffRole: StaffRole;
  url: string;
  shop: MailShop;
}): MailMessage {
  // No token in the subject: subjects are stored and listed on the Outgoing mail screen.
  const subject = `You are invited to join ${options.shop.name}`;
  const intro = `Hello ${options.name},`;
  const body = `You have been invited to join the team at ${options.shop.name} as ${AS_ROLE[options.staffRole]}. Choose a password to make your account.`;
  const footer = 'The link works once and for 7 days. If you were not expecting this, you can ignore this e-mail.';
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${body}\n\n${options.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, [intro, body], { label: 'Accept the invitation', url: options.url }, footer),
  };
}
