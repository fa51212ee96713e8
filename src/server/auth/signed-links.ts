/**
 * The e-mail verification link: /email/verify/{id}/{sha1 of the e-mail}?expires=&signature=, with
 * an expiring HMAC over id and hash (signed-values.ts), as Laravel's signed routes.
 * The hash ties the link to the address it was sent to: after an e-mail change an old link fails.
 */
import { createHash } from 'node:crypto';
import { SIGNED_LINK_MINUTES } from '#shared/limits.ts';
import { expiryIn, isSignatureValid, sign } from './signed-values.ts';

const PURPOSE = 'email-verify';

export function emailHash(email: string): string {
  return createHash('sha1').update(email.toLowerCase()).digest('hex');
}

export function verificationPath(appKey: Buffer, userId: number, email: string, now = Date.now()): string {
  const hash = emailHash(email);
  const expires = expiryIn(SIGNED_LINK_MINUTES * 60, now);
  return `/email/verify/${userId}/${hash}?expires=${expires}&signature=${sign(appKey, PURPOSE, [userId, hash], expires)}`;
}

/** True when the signature is ours and the link has not expired. */
export function isVerificationSignatureValid(
  appKeys: readonly Buffer[],
  link: { id: string; hash: string; expires?: string | undefined; signature?: string | undefined },
  now = Date.now(),
): boolean {
  return isSignatureValid(appKeys, PURPOSE, [link.id, link.hash], link.expires, link.signature, now);
}
