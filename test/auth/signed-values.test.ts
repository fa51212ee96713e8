import { describe, expect, it } from 'vitest';
import { expiryIn, isSignatureValid, sign } from '#server/auth/signed-values.ts';

const key = Buffer.alloc(32, 3);
const now = Date.UTC(2026, 10, 22, 12);

describe('expiring signatures', () => {
  const expires = expiryIn(300, now);
  const signature = sign(key, 'cv-download', [7, 1], expires);

  it('accepts its own signature until it expires', () => {
    expect(isSignatureValid([key], 'cv-download', [7, 1], String(expires), signature, now)).toBe(true);
    expect(isSignatureValid([key], 'cv-download', [7, 1], String(expires), signature, now + 301_000)).toBe(false);
  });

  it('refuses other parts, another purpose, another key, a moved expiry or a malformed value', () => {
    expect(isSignatureValid([key], 'cv-download', [8, 1], String(expires), signature, now)).toBe(false);
    expect(isSignatureValid([key], 'email-verify', [7, 1], String(expires), signature, now)).toBe(false);
    expect(isSignatureValid([Buffer.alloc(32, 4)], 'cv-download', [7, 1], String(expires), signature, now)).toBe(false);
    expect(isSignatureValid([key], 'cv-download', [7, 1], String(expires + 3600), signature, now)).toBe(false);
    expect(isSignatureValid([key], 'cv-download', [7, 1], undefined, signature, now)).toBe(false);
    expect(isSignatureValid([key], 'cv-download', [7, 1], String(expires), 'zz', now)).toBe(false);
  });
});
