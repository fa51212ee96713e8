/**
 * Limits on tRPC batches: one request once carried 350 session.login calls (349 wrong
 * passwords and the right one) and made the server compute 350 password hashes. The throttles
 * now reserve before every check, so a batch gets no more guesses than separate requests; these
 * limits also keep one request from ordering that much work at all.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The most calls one batch may carry; tRPC answers a longer one 400 before running any. The
 * client's httpBatchLink sends at most this many (src/client/lib/trpc.ts, maxItems).
 */
export const TRPC_MAX_BATCH_SIZE = 16;

export const BATCHED_SESSION_MUTATION_MESSAGE = 'Session procedures cannot be batched: send each in its own request.';

/** A POST batch (`/trpc/a,b?batch=1`) that names any session.* procedure. */
export function isBatchedSessionMutation(method: string, url: string): boolean {
  if (method !== 'POST' || !url.startsWith('/trpc/')) return false;
  const [pathname = '', query = ''] = url.split('?', 2);
  if (new URLSearchParams(query).get('batch') !== '1') return false;
  let procedures: string;
  try {
    procedures = decodeURIComponent(pathname.slice('/trpc/'.length));
  } catch {
    return false; // not a path tRPC can route either
  }
  return procedures.split(',').some((procedure) => procedure.startsWith('session.'));
}

/**
 * An onRequest hook: session mutations (sign-in, two-factor, passwords, registration) come one per
 * request, so each is throttled, logged and answered on its own; a batch naming one is refused
 * whole, before anything in it runs. The site's client sends them unbatched (splitLink).
 */
export async function refuseBatchedSessionMutations(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isBatchedSessionMutation(request.method, request.url)) return;
  await reply.code(400).type('application/json').send({ message: BATCHED_SESSION_MUTATION_MESSAGE });
}
