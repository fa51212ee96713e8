/**
 * The one logger: JSON lines (pino) for log collectors, readable lines through pino-pretty when
 * stdout is a terminal. Requests are logged as one line each when they finish; health checks and
 * static files only at debug level, so a busy site's log is about what happened, not its assets.
 * The line never carries a link's secret (redactedUrl): whoever reads the log gets no reset, sign-in
 * or private link from it.
 */
import { pino, type Logger } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from './config/load-config.ts';
import { isStaticPath } from './static-paths.ts';

export async function createLogger(level: AppConfig['logLevel'], options: { pretty?: boolean } = {}): Promise<Logger> {
  if (!(options.pretty ?? process.stdout.isTTY)) return pino({ level });
  // Loaded only for a terminal: a production process never pays for it.
  const { default: pinoPretty } = await import('pino-pretty');
  return pino({ level }, pinoPretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}

/** A query parameter whose value is a secret or a key to one (a signature, a token, a code). */
const SECRET_PARAM = /token|signature|^sig$|hash|code|key|secret|password|email/i;
/** A path segment or value that looks like a token: 16 or more URL-safe characters with a digit, or 32 or more. */
const TOKEN_LIKE = /^(?:(?=.*\d)[A-Za-z0-9_.~%-]{16,}|[A-Za-z0-9_.~%-]{32,})$/;
const REDACTED = ':redacted';

/**
 * The URL as the request log shows it: a path segment that looks like a token (a reset, manage,
 * tracker, review or "this wasn't me" link's, the e-mail verification's hash) and the value of a
 * query parameter that carries a secret (a signature, a token) or looks like one become
 * `:redacted`; the rest is kept, so the line still says which page or route was asked for.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      return SECRET_PARAM.test(name) || TOKEN_LIKE.test(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

function isQuietPath(url: string): boolean {
  return url === '/healthz' || url.startsWith('/healthz?') || isStaticPath(url);
}

/** One line per finished request instead of Fastify's two (received, completed). */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  // The completed line already says 404.
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: redactedUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else if (isQuietPath(request.url)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  }
}
