/**
 * Routes that answer with a file rather than JSON (the CV download behind a signed link), so
 * they cannot be procedures. Each area registers its own here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { attachmentDisposition, CV_DOWNLOAD_PATH, verifyCvLink } from '#server/users/cv-links.ts';
import { openCvForDownload } from '#server/users/users.service.ts';
import { sendRestError } from './error-response.ts';

export async function registerFileRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  /** GET /cv-downloads/{userId}?expires=&by=&signature=: the link from GET /api/users/{id}/cv. */
  app.get<{ Params: { userId: string }; Querystring: { expires?: string; by?: string; signature?: string } }>(
    `${CV_DOWNLOAD_PATH}/:userId`,
    async (request, reply) => {
      const link = verifyCvLink(deps.config.appKey, { userId: request.params.userId, ...request.query });
      if (!link) return sendRestError(reply, AppError.invalidSignature(), request.log);
      const file = await openCvForDownload(deps, link.userId, link.by);
      if (!file) return sendRestError(reply, AppError.notFound(), request.log);
      reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (file.size !== null) reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );
}
