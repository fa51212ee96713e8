/** Outgoing mail: the SMTP server and the sender's address. */
import { z } from 'zod';
import { variable } from './env-values.ts';

export const mailVariables = z.object({
  SMTP_URL: variable(
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: variable(z.string().min(3).default('Harbourside Body & Paint <hello@harbourside-bodyshop.co.uk>')),
});

export function mailConfig(e: z.output<typeof mailVariables>) {
  return {
    /** Undefined: each e-mail is written as a .eml file in DATA_DIR/mail instead of being sent. */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
}
