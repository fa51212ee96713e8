/**
 * Routes that answer with a file rather than JSON (the CV download behind a signed link), so
 * they cannot be procedures. Each area registers its own here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/context.ts';

export async function registerFileRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
