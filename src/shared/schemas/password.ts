// docs/rest-contract.md's password rules: 8 to 255 characters, matching the confirmation, not the e-mail.
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { messages } from '../validation.ts';

export const passwordField = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? messages.required('password') : messages.string('password')),
  })
  .min(1, { error: messages.required('password'), abort: true })
  .min(PASSWORD_MIN, messages.min('password', PASSWORD_MIN))
  .max(PASSWORD_MAX, messages.max('password', PASSWORD_MAX));

export const passwordConfirmationField = z.string().optional().nullable();

/**
 * Adds the confirmation and not-the-e-mail checks to an object schema that has `password`,
 * `password_confirmation` and (optionally) `email`. Messages go on the `password` field, as Laravel does.
 */
export function refinePassword<
  T extends { password?: string | null | undefined; password_confirmation?: string | null | undefined; email?: string | undefined },
>(value: T, ctx: z.RefinementCtx): void {
  if (!value.password) return;
  if (value.password !== (value.password_confirmation ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: messages.confirmed('password') });
  }
  if (value.email && value.password.toLowerCase() === value.email.toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password must not be the same as your email address.' });
  }
}
