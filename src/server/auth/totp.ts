/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with @oslojs/otp. We check the steps ourselves rather
 * than with verifyTOTPWithGracePeriod because replay protection needs to know WHICH step matched:
 * the caller stores it and refuses that step, or any older one, next time.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const TOTP_ISSUER = 'Harbourside Body & Paint';

/** 10 random bytes: 16 base32 characters, the length authenticator apps expect to be typed. */
export function generateTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(randomBytes(10));
}

function currentTotpStep(now = Date.now()): number {
  return Math.floor(now / (TOTP_PERIOD_SECONDS * 1000));
}

/** The step (previous, current or next) whose code is `code`, or null. */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const normalised = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(normalised)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const current = currentTotpStep(now);
  let matched: number | null = null;
  // Every candidate is compared, so the time taken does not say which step matched.
  for (const step of [current - 1, current, current + 1]) {
    const expected = generateHOTP(key, BigInt(step), TOTP_DIGITS);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(normalised)) && matched === null) matched = step;
  }
  return matched;
}

export function totpUri(secret: string, accountName: string): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, decodeBase32IgnorePadding(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number): string {
  // 62 symbols: rejection sampling keeps every symbol equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += RECOVERY_ALPHABET[byte % 62];
    }
  }
  return out;
}

/** "xxxxxxxxxx-xxxxxxxxxx", as Fortify writes them. */
export function generateRecoveryCode(): string {
  return `${randomString(10)}-${randomString(10)}`;
}
