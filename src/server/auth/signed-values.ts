/**
 * Expiring signatures for links that carry their own permission (e-mail verification, CV
 * downloads): an HMAC with APP_KEY over a purpose, the link's parts and its expiry. The purpose
 * keeps a signature for one kind of link from being valid for another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function hmac(appKey: Buffer, purpose: string, parts: readonly (string | number)[], expires: number | string): string {
  return createHmac('sha256', appKey)
    .update([purpose, ...parts, expires].join('|'))
    .digest('hex');
}

/** Seconds since the epoch at which a link made now for `lifetimeSeconds` expires. */
export function expiryIn(lifetimeSeconds: number, now = Date.now()): number {
  return Math.floor(now / 1000) + lifetimeSeconds;
}

export function sign(appKey: Buffer, purpose: string, parts: readonly (string | number)[], expires: number): string {
  return hmac(appKey, purpose, parts, expires);
}

/**
 * True when `signature` is ours for these parts (compared in constant time) and not expired.
 * `appKeys` is APP_KEY then APP_PREVIOUS_KEYS: a link signed before a key rotation still works.
 */
export function isSignatureValid(
  appKeys: readonly Buffer[],
  purpose: string,
  parts: readonly (string | number)[],
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const given = Buffer.from(signature);
  const isOurs = appKeys.some((appKey) => {
    const expected = Buffer.from(hmac(appKey, purpose, parts, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return isOurs && Number(expires) * 1000 > now;
}
