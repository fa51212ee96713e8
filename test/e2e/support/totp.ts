/** TOTP codes as an authenticator app computes them from the setup key (RFC 6238, SHA-1, 6 digits, 30 s). */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP, generateTOTP } from '@oslojs/otp';

function keyOf(secretKey: string): Uint8Array {
  return decodeBase32IgnorePadding(secretKey.replace(/\s+/g, '').toUpperCase());
}

/**
 * The code of the current 30 s step, or of a neighbouring one (the server accepts -1, 0 and +1 and
 * refuses a replayed code, so a second sign-in within the same step uses the next step's code).
 */
export function totpCode(secretKey: string, stepOffset = 0): string {
  if (stepOffset === 0) return generateTOTP(keyOf(secretKey), 30, 6);
  return generateHOTP(keyOf(secretKey), BigInt(Math.floor(Date.now() / 1000 / 30) + stepOffset), 6);
}
