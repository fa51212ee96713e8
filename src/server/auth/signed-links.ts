/**
 * The e-mail verification link: /email/verify/{id}/{sha1 of the e-mail}?expires=&signature=, with
 * an HMAC (keyed by a derivation of APP_KEY) over id, hash and expiry, as Laravel's signed routes.
 * The hash ties the link to the address it was sent to: after an e-mail change an old link fails.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_LINK_MINUTES } from '#shared/limits.ts';

export function emailHash(email: string): string {
  return createHash('sha1').update(email.toLowerCase()).digest('hex');
}

function signatureOf(appKey: Buffer, id: number | string, hash: string, expires: number | string): string {
  return createHmac('sha256', appKey).update(`email-verify|${id}|${hash}|${expires}`).digest('hex');
}

export function verificationPath(appKey: Buffer, userId: number, email: string, now = Date.now()): string {
  const hash = emailHash(email);
  const expires = Math.floor(now / 1000) + SIGNED_LINK_MINUTES * 60;
  return `/email/verify/${userId}/${hash}?expires=${expires}&signature=${signatureOf(appKey, userId, hash, expires)}`;
}

/** True when the signature is ours and the link has not expired. */
export function isVerificationSignatureValid(
  appKey: Buffer,
  link: { id: string; hash: string; expires?: string | undefined; signature?: string | undefined },
  now = Date.now(),
): boolean {
  if (!link.expires || !link.signature || !/^\d{1,12}$/.test(link.expires) || !/^[0-9a-f]{64}$/.test(link.signature)) return false;
  const expected = Buffer.from(signatureOf(appKey, link.id, link.hash, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(link.expires) * 1000 > now;
}
