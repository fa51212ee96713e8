/**
 * The device cookie: what tells the known-devices list one browser from another. A random 128-bit
 * id the server made, signed with APP_KEY (signed-values.ts) and sent back httpOnly, so a page's
 * script cannot read it and nobody can make one up. A copied User-Agent says nothing about the
 * device; only this cookie does (docs/decisions/security-emails.md).
 * The value is `{id}.{expires}.{signature}`; known_devices keeps only the id's SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expiryIn, isSignatureValid, sign } from './signed-values.ts';

export const DEVICE_COOKIE = 'bodyshop_device';
/** Browsers keep no cookie longer than 400 days; each sign-in signs it again for as long. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const PURPOSE = 'device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cookie's value for `deviceId`, valid for the cookie's whole lifetime from `now`. */
export function deviceCookieValue(appKey: Buffer, deviceId: string, now = Date.now()): string {
  const expires = expiryIn(DEVICE_COOKIE_MAX_AGE_SECONDS, now);
  return `${deviceId}.${expires}.${sign(appKey, PURPOSE, [deviceId], expires)}`;
}

/** The device id the cookie vouches for; null when it is missing, malformed, not ours or expired. */
export function verifiedDeviceId(appKeys: readonly Buffer[], cookie: string | null | undefined, now = Date.now()): string | null {
  if (!cookie || cookie.length > 200) return null;
  const [deviceId, expires, signature, ...rest] = cookie.split('.');
  if (rest.length > 0 || !deviceId || !DEVICE_ID.test(deviceId)) return null;
  return isSignatureValid(appKeys, PURPOSE, [deviceId], expires, signature, now) ? deviceId : null;
}

/** What known_devices stores: a leaked table names no cookie. */
export function deviceIdHash(deviceId: string): string {
  return createHash('sha256').update(deviceId).digest('hex');
}
