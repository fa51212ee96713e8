/**
 * Private links that carry their own permission until revoked: the booking's manage link, the repair
 * tracker, the review request and the staff invitation (docs/decisions/repair-tracker-links.md). One scheme for all three:
 *
 * - the token is an HMAC with APP_KEY over the link's purpose, the owning row's id where it has one
 *   and a random salt kept on the row: nobody can guess it, and a copy of the database alone cannot
 *   make it;
 * - the row keeps only the token's sha256, by which the link finds it;
 * - a mail makes the token again when it goes (nothing secret sits in the outgoing mail table),
 *   under whichever of APP_KEY and APP_PREVIOUS_KEYS made the stored hash, so links already sent
 *   keep working after a key rotation;
 * - a new salt makes a new token and kills the old one.
 *
 * Each area keeps its own rules on top (single use, expiry, what a refused link answers).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface PrivateLinkKind {
  /** Keeps a token of one kind from ever being a token of another. */
  purpose: 'booking-manage' | 'repair-tracker' | 'repair-review' | 'staff-invitation' | 'estimate';
  /**
   * How the purpose and the parts are joined before signing. The manage link was first minted as
   * `booking-manage:{salt}`; its links already mailed must keep their token, so it keeps its ':'.
   */
  separator: ':' | '|';
  /** Random bytes in a new salt. */
  saltBytes: number;
}

export const BOOKING_MANAGE_LINK: PrivateLinkKind = { purpose: 'booking-manage', separator: ':', saltBytes: 24 };
export const REPAIR_TRACKER_LINK: PrivateLinkKind = { purpose: 'repair-tracker', separator: '|', saltBytes: 16 };
export const REPAIR_REVIEW_LINK: PrivateLinkKind = { purpose: 'repair-review', separator: '|', saltBytes: 16 };
export const STAFF_INVITATION_LINK: PrivateLinkKind = { purpose: 'staff-invitation', separator: '|', saltBytes: 16 };
export const ESTIMATE_LINK: PrivateLinkKind = { purpose: 'estimate', separator: '|', saltBytes: 16 };

/** What a token is made from besides the key: the owning row's id (when the kind uses it) and its salt. */
export type PrivateLinkParts = readonly (string | number)[];

export function newPrivateLinkSalt(kind: PrivateLinkKind): string {
  return randomBytes(kind.saltBytes).toString('hex');
}

/** The token for these parts under one key: 43 URL-safe characters. */
export function privateLinkToken(kind: PrivateLinkKind, appKey: Buffer, parts: PrivateLinkParts): string {
  return createHmac('sha256', appKey)
    .update([kind.purpose, ...parts].join(kind.separator))
    .digest('base64url');
}

/** What the database keeps of a token, and what a presented token is looked up by. */
export function privateLinkHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The token whose hash the row keeps, made under APP_KEY or a previous key (`appKeys` is APP_KEY
 * first); null when the row keeps none (revoked) or none of the keys made it.
 */
export function currentPrivateLinkToken(
  kind: PrivateLinkKind,
  appKeys: readonly Buffer[],
  parts: PrivateLinkParts,
  storedHash: string | null,
): string | null {
  if (!storedHash) return null;
  for (const appKey of appKeys) {
    const token = privateLinkToken(kind, appKey, parts);
    if (isSameHash(privateLinkHash(token), storedHash)) return token;
  }
  return null;
}
