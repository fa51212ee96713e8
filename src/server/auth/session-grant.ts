/**
 * Session rotation as the sign-in services see it: the caller's session in plain values, and the
 * new session the router must write cookies for (auth/session-cookies.ts applySessionGrant).
 * Sign-in, registration and the two-factor step rotate: a new token and row, the old row deleted.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { deleteSession, generateSessionToken, saveSession, type SessionMeta } from '#server/auth/sessions.ts';

/** The caller's session as the router sees it, in plain values. */
export interface CurrentSession {
  token: string | null;
  sessionId: string | null;
  meta: SessionMeta;
  /** The device cookie as the request sent it, not yet verified (auth/device-cookie.ts). */
  deviceCookie: string | null;
}

/** A session the router must now write cookies for. */
export interface SessionGrant {
  token: string;
  remember: boolean;
  /** A completed sign-in's device cookie, to write (signed again, or new when the request had no valid one). */
  deviceCookie?: string;
}

export async function rotateSession(
  deps: Pick<AppDeps, 'db'>,
  current: CurrentSession,
  values: Omit<Parameters<typeof saveSession>[2], 'meta'>,
): Promise<string> {
  const token = generateSessionToken();
  await deps.db.transaction().execute(async (trx) => {
    await saveSession(trx, token, { ...values, meta: current.meta });
    if (current.token) await deleteSession(trx, current.token);
  });
  return token;
}
