// Writes the session and XSRF cookies (docs/rest-contract.md "Session"), for both doors: the REST
// door calls the same procedures with the same reply.
import type { RequestContext } from '#server/context.ts';
import type { CurrentSession, SessionGrant } from '#server/auth/session-grant.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookie.ts';
import { generateSessionToken, lifetimeOf, SESSION_COOKIE, XSRF_COOKIE, xsrfTokenFor } from './sessions.ts';

/** Sets both cookies for `token`; the XSRF cookie is readable by script, the session one is not. */
function writeSessionCookies(ctx: RequestContext, token: string, remember: boolean): void {
  const maxAgeSeconds = remember ? Math.floor(lifetimeOf(true) / 1000) : undefined;
  const xsrf = xsrfTokenFor(ctx.deps.config.appKey, token);
  ctx.http.setCookie(SESSION_COOKIE, token, { httpOnly: true, ...(maxAgeSeconds ? { maxAgeSeconds } : {}) });
  ctx.http.setCookie(XSRF_COOKIE, xsrf, { httpOnly: false, ...(maxAgeSeconds ? { maxAgeSeconds } : {}) });
}

/** The caller's token, or a new guest token (with cookies) when it has none. */
export function ensureSessionToken(ctx: RequestContext): string {
  if (ctx.sessionToken) {
    writeSessionCookies(ctx, ctx.sessionToken, ctx.session?.remember ?? false);
    return ctx.sessionToken;
  }
  const token = generateSessionToken();
  ctx.sessionToken = token;
  writeSessionCookies(ctx, token, false);
  return token;
}

/** The caller's session in plain values, for the sign-in services. */
export function currentSessionOf(ctx: RequestContext): CurrentSession {
  return { token: ctx.sessionToken, sessionId: ctx.session?.id ?? null, meta: ctx.requester, deviceCookie: ctx.deviceCookie };
}

/**
 * Points the response (and the rest of this request) at the rotated session, and after a completed
 * sign-in writes the device cookie. It outlives the session on purpose: signing out does not make
 * the browser a new device.
 */
export function applySessionGrant(ctx: RequestContext, grant: SessionGrant): void {
  ctx.sessionToken = grant.token;
  writeSessionCookies(ctx, grant.token, grant.remember);
  if (grant.deviceCookie) {
    ctx.deviceCookie = grant.deviceCookie;
    ctx.http.setCookie(DEVICE_COOKIE, grant.deviceCookie, { httpOnly: true, maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS });
  }
}
