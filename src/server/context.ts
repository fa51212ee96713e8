/**
 * What every procedure receives: the app's long-lived dependencies, the caller's session and user
 * (looked up once per request by plugins/csrf-and-session.ts), and a narrow handle on the HTTP
 * response for the few procedures that set cookies or choose a status. Services get plain values
 * from routers, never this object.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import type { SessionRow } from '#server/auth/sessions.table.ts';
import type { SessionMeta, SessionUser } from './auth/sessions.ts';
import { DEVICE_COOKIE } from './auth/device-cookie.ts';
import type { PendingUpload } from './uploads.ts';

export interface CookieOptions {
  httpOnly: boolean;
  maxAgeSeconds?: number;
}

export interface HttpControl {
  setCookie(name: string, value: string, options: CookieOptions): void;
  clearCookie(name: string): void;
  setHeader(name: string, value: string): void;
  /** Overrides the success status of a REST response (202, 204 ...). Ignored by tRPC. */
  setStatus(status: number): void;
  /** True when the caller asked for JSON (an API client) rather than a page (a browser link). */
  wantsJson: boolean;
}

export interface RequestContext {
  deps: AppDeps;
  /** The session cookie's token (a guest has one too once it asked for the XSRF cookie). */
  sessionToken: string | null;
  session: SessionRow | null;
  user: SessionUser | null;
  /** Where the request came from (address and User-Agent), for throttles, the activity log and security mails; not the procedure's `meta`. */
  requester: SessionMeta;
  /** The device cookie as sent, unverified: the sign-in services check its signature (auth/device-cookie.ts). */
  deviceCookie: string | null;
  http: HttpControl;
  /** A multipart body for a procedure with `meta.upload`, read by its input step (uploads.ts). */
  upload?: PendingUpload;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionToken: string | null;
    sessionRow: SessionRow | null;
    sessionUser: SessionUser | null;
    restStatus: number | undefined;
  }
}

export function createRequestContext(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): RequestContext {
  const isSecure = deps.config.isHttps;
  const accept = request.headers.accept ?? '';
  return {
    deps,
    sessionToken: request.sessionToken,
    session: request.sessionRow,
    user: request.sessionUser,
    requester: { ipAddress: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
    deviceCookie: request.cookies[DEVICE_COOKIE] ?? null,
    http: {
      setCookie(name, value, options) {
        reply.setCookie(name, value, {
          path: '/',
          sameSite: 'lax',
          secure: isSecure,
          httpOnly: options.httpOnly,
          ...(options.maxAgeSeconds !== undefined ? { maxAge: options.maxAgeSeconds } : {}),
        });
      },
      clearCookie(name) {
        reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: isSecure });
      },
      setHeader(name, value) {
        reply.header(name, value);
      },
      setStatus(status) {
        request.restStatus = status;
      },
      wantsJson: accept.includes('json') || request.headers['x-requested-with'] === 'XMLHttpRequest',
    },
  };
}
