/**
 * The first hooks of every request Fastify handles: the CSRF check for state-changing methods
 * (419 before anything else, docs/rest-contract.md), then the session lookup, skipped for static
 * files; then a POST batch naming a `session.*` procedure is refused (trpc-batching.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { findValidSession, isXsrfTokenValid, SESSION_COOKIE, XSRF_HEADER } from '#server/auth/sessions.ts';
import { AppError } from '#server/errors.ts';
import { sendRestError } from '#server/rest/error-response.ts';
import { refuseBatchedSessionMutations } from '#server/trpc-batching.ts';
import { isStaticPath } from '#server/static-paths.ts';
import { isSameOriginPost } from '#server/forms/same-origin.ts';
import { isNativeFormPath } from '#shared/native-forms.ts';
import { appLevel } from './app-level.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A percent-encoded header value, or '' when it is not valid percent-encoding (a 419, not a 500). */
function decodeHeader(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

export interface CsrfAndSessionOptions {
  deps: Pick<AppDeps, 'db' | 'config'>;
  /** A path that authenticates by its own bearer token (the internal backup route): no cookie, no CSRF to guard against. */
  bearerTokenPath?: string;
  /** Paths whose POST proves itself by a signature over its body (Stripe's webhook): no cookie, no CSRF to guard against. */
  signedPaths?: readonly string[];
}

export const csrfAndSessionPlugin = appLevel('csrf-and-session', async (app: FastifyInstance, options: CsrfAndSessionOptions) => {
  const { deps, bearerTokenPath } = options;
  const signedPaths = new Set(options.signedPaths ?? []);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionRow', null);
  app.decorateRequest('sessionUser', null);

  app.addHook('onRequest', async (request, reply) => {
    if (isStaticPath(request.url)) return;
    if (bearerTokenPath && request.url === bearerTokenPath) return;
    if (request.method === 'POST' && signedPaths.has(request.url)) return;
    const token = request.cookies[SESSION_COOKIE] ?? null;
    if (!SAFE_METHODS.has(request.method) && isNativeFormPath(request.url)) {
      // A form posted without JavaScript cannot send the header: its origin decides (docs/decisions/native-form-posts.md).
      if (!isSameOriginPost(request, deps.config.appUrl)) return sendRestError(reply, AppError.csrfMismatch(), request.log);
    } else if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      if (!token || !given || !isXsrfTokenValid(deps.config.appKeys, token, decodeHeader(given))) {
        return sendRestError(reply, AppError.csrfMismatch(), request.log);
      }
    }
    request.sessionToken = token;
    if (token) {
      const found = await findValidSession(deps.db, token);
      request.sessionRow = found?.session ?? null;
      request.sessionUser = found?.user ?? null;
    }
  });

  app.addHook('onRequest', refuseBatchedSessionMutations);
});
