/**
 * The API's description for third parties: /api/openapi.json and the reference page at /api/docs
 * (rest/api-docs.ts), one document generated from the procedures' meta (rest/openapi.ts). The
 * page needs it when it registers, so it is built here, once, at start.
 */
import type { FastifyInstance } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import { buildOpenApiDocument } from '#server/rest/openapi.ts';
import { registerApiDocs } from '#server/rest/api-docs.ts';
import { appLevel } from './app-level.ts';

export interface ApiDocsOptions {
  router: AnyRouter;
  appUrl: string;
}

export const apiDocsPlugin = appLevel('api-docs', async (app: FastifyInstance, options: ApiDocsOptions) => {
  const openApiDocument = buildOpenApiDocument(options.router, options.appUrl);
  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json').send(openApiDocument));
  await registerApiDocs(app, openApiDocument);
});
