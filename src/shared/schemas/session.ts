/**
 * Inputs and outputs of the session procedures (docs/rest-contract.md "Session"), shared with the React
 * client so its forms check the same rules the server does. Field names are the contract's.
 */
import { z } from 'zod';
import { booleanField, emailField, messages, optionalString, requiredString } from '../validation.ts';
import { passwordConfirmationField, passwordField, refinePassword } from './password.ts';
import { HONEYPOT_FIELD } from '../honeypot.ts';

export const NAME_MAX = 100;

export const TELEPHONE_MAX = 40;

/** The register form's honeypot field (its own module, so the register screen names it without zod). */

export const registerInputSchema = z
  .object({
    firstname: requiredString('firstname', NAME_MAX),
    lastname: requiredString('lastname', NAME_MAX),
    email: emailField(),
    password: passwordField,
    password_confirmation: passwordConfirmationField,
    // Any value is accepted (a type error would tell a bot which field gave it away).
    [HONEYPOT_FIELD]: z.unknown().optional(),
  })
  .superRefine(refinePassword);
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.object({
  email: emailField(),
  password: z.string({ error: messages.required('password') }).min(1, messages.required('password')),
  // Missing or null is "not ticked", as Laravel's $request->boolean('remember') reads it.
  remember: z.preprocess((v) => v ?? false, booleanField('remember')),
});

export const loginResultSchema = z.object({ two_factor: z.boolean() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** The original client sends its one input as both fields; either may be missing or empty. */
const numberAsText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
export const twoFactorChallengeInputSchema = z.object({
  code: z.preprocess(numberAsText, optionalString('code', 100)).optional(),
  recovery_code: z.preprocess(numberAsText, optionalString('recovery_code', 100)).optional(),
});
export type TwoFactorChallengeInput = z.infer<typeof twoFactorChallengeInputSchema>;

/** A day, month or year of the date of birth: empty means "not given". */
const datePart = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? v.trim() : v),
    z.union([z.number(), z.string()], { error: messages.integer(field) }).nullable(),
  );

export const profileInputSchema = z.object({
  firstname: requiredString('firstname', NAME_MAX),
  lastname: requiredString('lastname', NAME_MAX),
  email: emailField(),
  telephone: optionalString('telephone', TELEPHONE_MAX).optional(),
  day: datePart('day').optional(),
  month: datePart('month').optional(),
  year: datePart('year').optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailField() });

export const resetPasswordInputSchema = z
  .object({
    token: requiredString('token', 200),
    email: emailField(),
    password: passwordField,
    password_confirmation: passwordConfirmationField,
    // Unticked (or missing) removes the passkeys added since the last reset.
    keep_passkeys: z.preprocess((v) => v ?? false, booleanField('keep_passkeys')).optional(),
  })
  .superRefine(refinePassword);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const verifyEmailInputSchema = z.object({
  id: z.string(),
  hash: z.string(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

export const confirmPasswordInputSchema = z.object({
  password: z.string({ error: messages.required('password') }).min(1, messages.required('password')),
});

export const changePasswordInputSchema = z
  .object({
    current_password: z.string({ error: messages.required('current_password') }).min(1, messages.required('current_password')),
    password: passwordField,
    password_confirmation: passwordConfirmationField,
  })
  .superRefine(refinePassword);
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const messageResultSchema = z.object({ message: z.string() });
export const confirmedPasswordStatusSchema = z.object({ confirmed: z.boolean() });

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that address, we have e-mailed a password reset link.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset.';
