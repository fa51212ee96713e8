/**
 * The one logger: JSON lines (pino) for log collectors, readable lines through pino-pretty when
 * stdout is a terminal. Requests are logged as one line each when they finish; health checks and
 * static files only at debug level, so a busy site's log is about what happened, not its assets.
 */
import { pino, type Logger } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from './env.ts';
import { isStaticPath } from './static-paths.ts';

export async function createLogger(level: AppConfig['logLevel'], options: { pretty?: boolean } = {}): Promise<Logger> {
  if (!(options.pretty ?? process.stdout.isTTY)) return pino({ level });
  // Loaded only for a terminal: a production process never pays for it.
  const { default: pinoPretty } = await import('pino-pretty');
  return pino({ level }, pinoPretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
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
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else if (isQuietPath(request.url)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  }
}
