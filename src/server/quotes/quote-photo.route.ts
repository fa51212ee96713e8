/**
 * A private quote photo behind a signed link (GET /api/quote-requests/{id} hands the links out).
 * It answers with an image rather than JSON, so it is a Fastify route of the quotes area, not a
 * procedure. The link alone is not enough: the request must come from a signed-in admin too.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { sendRestError } from '#server/rest/error-response.ts';
import { assertAccess } from '#server/auth/access.ts';
import { QUOTE_PHOTO_PATH, verifyQuotePhotoLink } from './quote-photo-links.ts';
import { openQuotePhoto } from './quotes.service.ts';

export async function registerQuotePhotoRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { photoId: string; variant: string }; Querystring: { expires?: string; signature?: string } }>(
    `${QUOTE_PHOTO_PATH}/:photoId/:variant`,
    async (request, reply) => {
      const link = verifyQuotePhotoLink(deps.config.appKeys, { ...request.params, ...request.query });
      if (!link) return sendRestError(reply, AppError.invalidSignature(), request.log);
      try {
        assertAccess({ user: request.sessionUser, session: request.sessionRow }, 'admin');
      } catch (error) {
        return sendRestError(reply, error, request.log);
      }
      const photo = await openQuotePhoto(deps, link.photoId, link.variant);
      if (!photo) return sendRestError(reply, AppError.notFound(), request.log);
      reply
        .header('content-type', 'image/webp')
        // Kept by this browser only, and no longer than the link itself lives.
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline');
      if (photo.size !== null) reply.header('content-length', String(photo.size));
      return reply.send(photo.stream);
    },
  );
}
