// The building blocks under two-factor: encryption at rest and the TOTP step window.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { decryptString, encryptString } from '#server/auth/encryption.ts';
import { generateRecoveryCode, generateTotpSecret, matchTotpStep } from '#server/auth/totp.ts';

describe('encryption', () => {
  const key = randomBytes(32);

  it('round-trips, with a new IV every time', () => {
    const a = encryptString(key, 'JBSWY3DPEHPK3PXP');
    const b = encryptString(key, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(decryptString(key, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a changed value or another key', () => {
    const stored = encryptString(key, 'secret');
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptString(key, `v1:${raw.toString('base64')}`)).toThrow();
    expect(() => decryptString(randomBytes(32), stored)).toThrow();
  });
});

describe('TOTP', () => {
  it('makes 16-character base32 secrets and Fortify-shaped recovery codes', () => {
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{16}$/);
    expect(generateRecoveryCode()).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
  });

  it('accepts the previous, current and next step and says which matched; nothing further', () => {
    const secret = generateTotpSecret();
    const key = decodeBase32IgnorePadding(secret);
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    const codeAt = (s: number) => generateHOTP(key, BigInt(s), 6);
    expect(matchTotpStep(secret, codeAt(step), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(step + 1), now)).toBe(step + 1);
    for (const far of [step - 2, step + 2]) {
      const code = codeAt(far);
      // A far code may collide with a near one by chance (1 in 10^6); only then is it accepted.
      if (![step - 1, step, step + 1].some((s) => codeAt(s) === code)) expect(matchTotpStep(secret, code, now)).toBeNull();
    }
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
  });
});
