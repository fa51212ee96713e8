// Inputs and outputs of the two-factor procedures (docs/rest-contract.md "Two-factor"), shared with the client.
import { z } from 'zod';
import { messages } from '../validation.ts';

export { INVALID_RECOVERY_CODE_MESSAGE, INVALID_TWO_FACTOR_CODE_MESSAGE, looksLikeAppCode } from '../two-factor-codes.ts';

export const confirmTwoFactorInputSchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: messages.required('code') })
      .trim()
      .min(1, messages.required('code')),
  ),
});

export const qrCodeSchema = z.object({ svg: z.string(), url: z.string() });
/** `[]` when two-factor has no secret yet (Fortify's answer). */
export const qrCodeResultSchema = z.union([qrCodeSchema, z.tuple([])]);
export type QrCodeResult = z.infer<typeof qrCodeResultSchema>;

export const secretKeyResultSchema = z.object({ secretKey: z.string() });
export const recoveryCodesResultSchema = z.array(z.string());
