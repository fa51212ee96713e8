/**
 * Server-side sessions, following the Lucia guide: the cookie holds a random token, the table
 * holds its SHA-256. Guests get a token (and so an XSRF token) without a row; a row is written
 * when there is something to remember: a signed-in user or a pending two-factor login.
 */
import { createHmac, timingSafeEqual, randomBytes } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { SessionRow } from '#server/auth/sessions.table.ts';
import type { UserRow } from '#server/users/users.table.ts';
import { findSessionUser, type sessionUserColumns } from '#server/users/users.repository.ts';
import * as sessions from './sessions.repository.ts';

export const SESSION_COOKIE = 'bodyshop_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export const IDLE_LIFETIME_MS = 2 * 60 * 60 * 1000; // 2 hours without Remember me
const REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000; // 30 days with it
/** Writing last_seen on every request would turn reads into writes; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The XSRF token is derived from the session token, so it is bound to it and rotates with it. */
export function xsrfTokenFor(appKey: Buffer, sessionToken: string): string {
  return createHmac('sha256', appKey).update(`xsrf:${sessionToken}`).digest('base64url');
}

/** True when the header matches the token for this session under APP_KEY or a previous key. */
export function isXsrfTokenValid(appKeys: readonly Buffer[], sessionToken: string, headerValue: string): boolean {
  const given = Buffer.from(headerValue);
  return appKeys.some((appKey) => {
    const expected = Buffer.from(xsrfTokenFor(appKey, sessionToken));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

export function lifetimeOf(remember: boolean): number {
  return remember ? REMEMBER_LIFETIME_MS : IDLE_LIFETIME_MS;
}

export interface SessionMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/** Fields of a user that the server keeps on the request; never sent as is. */
export type SessionUser = Pick<UserRow, (typeof sessionUserColumns)[number]>;

export interface ValidatedSession {
  session: SessionRow;
  user: SessionUser | null;
}

export async function findValidSession(db: Kysely<Database>, token: string, now = new Date()): Promise<ValidatedSession | null> {
  const id = sessionIdOf(token);
  const session = await sessions.findSession(db, id);
  if (!session) return null;
  if (session.expires_at.getTime() <= now.getTime()) {
    await sessions.deleteSessionById(db, id);
    return null;
  }
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(now.getTime() + lifetimeOf(session.remember));
    await sessions.touchSession(db, id, now, expiresAt);
    session.last_seen_at = now;
    session.expires_at = expiresAt;
  }
  const user = session.user_id ? ((await findSessionUser(db, session.user_id)) ?? null) : null;
  return { session, user };
}

/** Writes a row for `token`, replacing any row the token had. */
export async function saveSession(
  db: Kysely<Database>,
  token: string,
  values: {
    userId: number | null;
    remember: boolean;
    meta: SessionMeta;
    pendingUserId?: number | null;
    pendingRemember?: boolean;
    pendingExpiresAt?: Date | null;
    passwordConfirmedAt?: Date | null;
  },
  now = new Date(),
): Promise<SessionRow> {
  return sessions.replaceSession(db, {
    id: sessionIdOf(token),
    user_id: values.userId,
    remember: values.remember,
    expires_at: new Date(now.getTime() + lifetimeOf(values.remember)),
    last_seen_at: now,
    password_confirmed_at: values.passwordConfirmedAt ?? null,
    pending_user_id: values.pendingUserId ?? null,
    pending_remember: values.pendingRemember ?? false,
    pending_expires_at: values.pendingExpiresAt ?? null,
    ip_address: values.meta.ipAddress?.slice(0, 64) ?? null,
    user_agent: values.meta.userAgent?.slice(0, 500) ?? null,
    created_at: now,
  });
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await sessions.deleteSessionById(db, sessionIdOf(token));
}

/** Ends every session of a user except, optionally, the one in use. */
export async function deleteOtherSessions(db: Kysely<Database>, userId: number, keepToken?: string): Promise<void> {
  await sessions.deleteSessionsOfUser(db, userId, keepToken ? sessionIdOf(keepToken) : undefined);
}
