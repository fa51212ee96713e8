/**
 * Inputs and outputs of the passkey procedures: the "Sign-in & security" screen's list,
 * adding, renaming and removing, and signing in with a passkey. The WebAuthn options and responses
 * are the JSON shapes of @simplewebauthn (checked by the server's library, not here).
 */
import { z } from 'zod';
import { booleanField, messages, requiredString } from '../validation.ts';

export const PASSKEY_NAME_MAX = 100;

export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** "Chrome 120 on Windows 10" at the last sign-in with it. */
  last_used_device: z.string().nullable(),
  last_used_ip: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ data: z.array(passkeySchema) });

/** A WebAuthn response or options object: JSON, read by @simplewebauthn/server. */
export const webauthnJson = (field: string) =>
  z.record(z.string(), z.unknown(), { error: messages.required(field) }).refine((v) => JSON.stringify(v).length <= 64 * 1024, {
    message: `The ${field} is too large.`,
  });

export const webauthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

export const addPasskeyInputSchema = z.object({
  name: requiredString('name', PASSKEY_NAME_MAX),
  response: webauthnJson('response'),
});

export const passkeyIdInput = z.object({
  id: z.coerce
    .number({ error: messages.integer('id') })
    .int()
    .positive(),
});

export const renamePasskeyInputSchema = z.object({
  id: z.coerce
    .number({ error: messages.integer('id') })
    .int()
    .positive(),
  name: requiredString('name', PASSKEY_NAME_MAX),
});

export const passkeyLoginInputSchema = z.object({
  response: webauthnJson('response'),
  remember: z.preprocess((v) => v ?? false, booleanField('remember')),
});

export const PASSKEY_REFUSED_MESSAGE = 'This passkey could not be used to sign in. Try again, or sign in another way.';
export const PASSKEY_NOT_ADDED_MESSAGE = 'The passkey could not be added. Please try again.';
export const PASSKEY_ALREADY_ADDED_MESSAGE = 'This passkey has already been added to an account. Use it to sign in, or add another.';
