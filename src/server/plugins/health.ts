/** GET /healthz: 200 while the database answers, 503 otherwise (load balancers and main.ts's checks). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { isDatabaseUp } from '#server/db/database.ts';
import { appLevel } from './app-level.ts';

export const healthPlugin = appLevel('health', async (app: FastifyInstance, options: { deps: Pick<AppDeps, 'db'> }) => {
  app.get('/healthz', async (_request, reply) => {
    const up = await isDatabaseUp(options.deps.db);
    return reply.code(up ? 200 : 503).send(up ? { status: 'ok' } : { status: 'unavailable' });
  });
});
