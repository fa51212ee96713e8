// Writes and clears the session and XSRF cookies (CONTRACT.md "Session").
import type { RequestContext } from '#server/context.ts';
import { generateSessionToken, lifetimeOf, SESSION_COOKIE, XSRF_COOKIE, xsrfTokenFor } from './sessions.ts';

/** Sets both cookies for `token`; the XSRF cookie is readable by script, the session one is not. */
export function writeSessionCookies(ctx: RequestContext, token: string, remember: boolean): void {
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
