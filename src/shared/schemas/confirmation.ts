/**
 * Inputs and messages of confirming it is the account's owner before a protected action (the 423
 * gate): by the password (session.ts), a passkey of the user's, or a code e-mailed to the account.
 */
import { z } from 'zod';
import { webauthnJson } from './passkeys.ts';
import { emailCodeField } from './security.ts';

export const confirmWithPasskeyInputSchema = z.object({ response: webauthnJson('response') });

export const confirmWithEmailCodeInputSchema = z.object({ code: emailCodeField });

export const CONFIRMATION_PASSKEY_REFUSED_MESSAGE = 'This passkey could not confirm it is you. Try again, or confirm another way.';
export const NO_PASSKEY_TO_CONFIRM_MESSAGE = 'You have no passkey on this account yet. Confirm with your password or an e-mailed code.';
export const CONFIRMATION_CODE_SENT_MESSAGE = 'We have e-mailed a 6-digit code to your address. It works for 10 minutes.';
export const CONFIRMATION_CODE_INVALID_MESSAGE = 'This code is invalid or has expired. Ask for a new one.';
