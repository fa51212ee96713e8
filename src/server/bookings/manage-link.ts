/**
 * The private "manage my booking" link: /book/manage/{token}. The token is an HMAC under APP_KEY of
 * the booking's random salt, so it can be made again whenever a mail about the booking is rendered
 * (nothing secret is stored with the queued mail) and cannot be made from a copy of the database;
 * the bookings row keeps only its sha256, by which the link finds the booking
 * (docs/decisions/booking-mails-rendered-at-send-time.md).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export function newManageSalt(): string {
  return randomBytes(24).toString('hex');
}

export function manageToken(appKey: Buffer, salt: string): string {
  return createHmac('sha256', appKey).update(`booking-manage:${salt}`).digest('base64url');
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function managePath(token: string): string {
  return `/book/manage/${token}`;
}
