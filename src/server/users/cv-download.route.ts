/**
 * The CV download behind a signed link (GET /api/users/{id}/cv hands the link out). It answers
 * with a file rather than JSON, so it is a Fastify route of the users area, not a procedure.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { attachmentDisposition, CV_DOWNLOAD_PATH, verifyCvLink } from './cv-links.ts';
import { openCvForDownload } from './users.service.ts';
import { sendRestError } from '#server/rest/error-response.ts';

export async function registerCvDownloadRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  /** GET /cv-downloads/{userId}?expires=&by=&issued=&signature=: the link from GET /api/users/{id}/cv. */
  app.get<{ Params: { userId: string }; Querystring: { expires?: string; by?: string; issued?: string; signature?: string } }>(
    `${CV_DOWNLOAD_PATH}/:userId`,
    async (request, reply) => {
      const link = verifyCvLink(deps.config.appKeys, { userId: request.params.userId, ...request.query });
      if (!link) return sendRestError(reply, AppError.invalidSignature(), request.log);
      // Bound to the admin who asked: it opens without a session (a download manager), but not in
      // someone else's, and only once (openCvForDownload).
      if (request.sessionUser && request.sessionUser.id !== link.by) return sendRestError(reply, AppError.forbidden(), request.log);
      const file = await openCvForDownload(deps, link, link.by);
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
