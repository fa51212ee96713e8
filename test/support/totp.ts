/**
 * TOTP codes as an authenticator app computes them from the setup key (RFC 6238, SHA-1, 6 digits,
 * 30 s steps), for the integration tests, the browser journeys and the fault suite alike.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

const STEP_MS = 30_000;

/**
 * The code of the current 30 s step, or of a neighbouring one (the server accepts -1, 0 and +1 and
 * refuses a replayed code, so a second sign-in within the same step uses the next step's code).
 */
export function totpCode(secretKey: string, stepOffset = 0): string {
  const key = decodeBase32IgnorePadding(secretKey.replace(/\s+/g, '').toUpperCase());
  return generateHOTP(key, BigInt(Math.floor(Date.now() / STEP_MS) + stepOffset), 6);
}

/**
 * Waits for the next step when fewer than `marginMs` are left in this one. A code computed for the
 * previous step is two steps old, and refused, if the step ends before the server checks it; on a
 * loaded machine a request can take long enough for that.
 */
export async function clearOfStepEnd(marginMs: number): Promise<void> {
  const leftMs = STEP_MS - (Date.now() % STEP_MS);
  if (leftMs < marginMs) await new Promise((resolve) => setTimeout(resolve, leftMs + 200));
}
