/**
 * Inputs and outputs of the sign-in security procedures: the "this wasn't me" link of a
 * security e-mail.
 */
import { z } from 'zod';
import { booleanField, emailField, messages } from '../validation.ts';

/** Says everything that was removed, and where the link to a new password went. */
export function thisWasntMeMessage(email: string): string {
  return `We have signed everyone out, removed two-factor and passkeys, and sent a link to set a new password to ${email}. Please choose a new password now.`;
}
export const THIS_WASNT_ME_INVALID_MESSAGE = 'This link is invalid, has expired or has already been used.';

export const thisWasntMeInputSchema = z.object({
  token: z
    .string({ error: messages.required('token') })
    .min(1, messages.required('token'))
    .max(200, messages.max('token', 200)),
});
export type ThisWasntMeInput = z.infer<typeof thisWasntMeInputSchema>;

export const EMAIL_CODE_SENT_MESSAGE =
  'If an account exists for that address, we have e-mailed a 6-digit sign-in code. It works for 10 minutes.';
export const EMAIL_CODES_LOCKED_MESSAGE =
  'Too many wrong codes were entered for this account. Sign in with your password or a passkey instead.';
export const EMAIL_CODE_INVALID_MESSAGE = 'This code is invalid or has expired. Ask for a new one.';

/** The 6 digits of an e-mailed code (to sign in, or to confirm the password). */
export const emailCodeField = z
  .string({ error: messages.required('code') })
  .trim()
  .min(1, { error: messages.required('code'), abort: true })
  .regex(/^\d{6}$/, 'The code is the 6 digits from the e-mail.');

/** "E-mail me a code". */
export const emailCodeRequestInputSchema = z.object({ email: emailField() });

/** Signing in with the e-mailed code (it replaces the password, not the second factor). */
export const emailCodeLoginInputSchema = z.object({
  email: emailField(),
  code: emailCodeField,
  remember: z.preprocess((v) => v ?? false, booleanField('remember')),
});
export type EmailCodeLoginInput = z.infer<typeof emailCodeLoginInputSchema>;
