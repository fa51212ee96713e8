/**
 * The signed-in devices (docs/rest-contract.md "Account"): the user's sessions, one signed out, or
 * every other one with the password (as Jetstream's "Log out other browser sessions").
 *
 * A session's public id: the stored id is the SHA-256 of the cookie's token. It cannot be used as
 * a cookie, but it is the key every session lookup uses, and nothing outside the server needs it;
 * so the API shows the first 16 hex characters of SHA-256(purpose + stored id) instead: stable for
 * the life of the session, unique enough among one user's few sessions (64 bits), and no way back
 * to the stored id or the token. Finding a row by it means hashing the user's own sessions, a
 * handful at most.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { deleteOtherSessions } from '#server/auth/sessions.ts';
import { deleteSessionOfUser, findSignedInSessionsOfUser } from '#server/auth/sessions.repository.ts';
import { describeUserAgent } from '#server/auth/user-agent.ts';
import { CURRENT_SESSION_MESSAGE, type DeviceSession } from '#shared/schemas/account.ts';
import { assertOwnPassword } from './passwords.service.ts';

const PUBLIC_ID_PURPOSE = 'bodyshop:device-session-id:';

export function publicSessionIdOf(storedId: string): string {
  return createHash('sha256')
    .update(PUBLIC_ID_PURPOSE + storedId)
    .digest('hex')
    .slice(0, 16);
}

type SessionListRow = Awaited<ReturnType<typeof findSignedInSessionsOfUser>>[number];

export function presentDeviceSession(row: SessionListRow, currentSessionId: string | null): DeviceSession {
  const { browser, system } = describeUserAgent(row.user_agent);
  return {
    id: publicSessionIdOf(row.id),
    browser,
    system,
    ipAddress: row.ip_address,
    lastActive: row.last_seen_at.toISOString(),
    current: row.id === currentSessionId,
  };
}

export async function listDeviceSessions(deps: Pick<AppDeps, 'db'>, userId: number, currentSessionId: string): Promise<DeviceSession[]> {
  const rows = await findSignedInSessionsOfUser(deps.db, userId);
  return rows.map((row) => presentDeviceSession(row, currentSessionId));
}

/** Signs out one of the user's other devices; this one signs out with Logout (422 here). */
export async function signOutDevice(deps: Pick<AppDeps, 'db'>, userId: number, currentSessionId: string, publicId: string): Promise<void> {
  if (publicId === publicSessionIdOf(currentSessionId)) throw AppError.field('id', CURRENT_SESSION_MESSAGE);
  const row = (await findSignedInSessionsOfUser(deps.db, userId)).find((session) => publicSessionIdOf(session.id) === publicId);
  // Another user's session, an expired or unknown one: the same 404.
  if (!row || !(await deleteSessionOfUser(deps.db, userId, row.id))) throw AppError.notFound();
}

/** Every other session of the user ends (pending two-factor logins too); this one stays. */
export async function signOutOtherDevices(
  deps: Pick<AppDeps, 'db' | 'rateLimiter'>,
  userId: number,
  currentToken: string | null,
  password: string,
): Promise<void> {
  await assertOwnPassword(deps, userId, password);
  await deleteOtherSessions(deps.db, userId, currentToken ?? undefined);
}
