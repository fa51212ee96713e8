/**
 * The private "manage my booking" link: /book/manage/{token}, a private link of its own purpose
 * (auth/private-links.ts) made from the booking's random salt, so it can be made again whenever a
 * mail about the booking is rendered (docs/decisions/booking-mails-rendered-at-send-time.md). The
 * bookings row keeps only its sha256. The link's own rules (refused once the booking is cancelled
 * or some days after the visit) are booking-manage.service.ts's.
 */
import {
  BOOKING_MANAGE_LINK,
  currentPrivateLinkToken,
  newPrivateLinkSalt,
  privateLinkHash,
  privateLinkToken,
} from '#server/auth/private-links.ts';

export function newManageSalt(): string {
  return newPrivateLinkSalt(BOOKING_MANAGE_LINK);
}

export function manageToken(appKey: Buffer, salt: string): string {
  return privateLinkToken(BOOKING_MANAGE_LINK, appKey, [salt]);
}

export function hashManageToken(token: string): string {
  return privateLinkHash(token);
}

/** The token whose hash the booking keeps (under APP_KEY or a previous key); null when none of them made it. */
export function currentManageToken(
  appKeys: readonly Buffer[],
  booking: { manage_salt: string; manage_token_hash: string | null },
): string | null {
  return currentPrivateLinkToken(BOOKING_MANAGE_LINK, appKeys, [booking.manage_salt], booking.manage_token_hash);
}

export function managePath(token: string): string {
  return `/book/manage/${token}`;
}
