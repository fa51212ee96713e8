/**
 * A progress photo behind a signed link (the job page and the tracker hand the links out). It
 * answers with an image rather than JSON, so it is a Fastify route, not a procedure. A photo the
 * shop has not shared needs a signed-in admin as well as the link: switching "show the customer"
 * off stops a link already handed out.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { sendRestError } from '#server/rest/error-response.ts';
import { assertAccess } from '#server/auth/access.ts';
import { REPAIR_PHOTO_PATH, verifyRepairPhotoLink } from './tracker-links.ts';
import { openRepairPhoto } from './repair-photos.service.ts';

export async function registerRepairPhotoRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { photoId: string; variant: string }; Querystring: { expires?: string; signature?: string } }>(
    `${REPAIR_PHOTO_PATH}/:photoId/:variant`,
    async (request, reply) => {
      const link = verifyRepairPhotoLink(deps.config.appKeys, { ...request.params, ...request.query });
      if (!link) return sendRestError(reply, AppError.invalidSignature(), request.log);
      const photo = await openRepairPhoto(deps, link.photoId, link.variant);
      if (!photo) return sendRestError(reply, AppError.notFound(), request.log);
      if (!photo.shared) {
        try {
          assertAccess({ user: request.sessionUser, session: request.sessionRow }, 'admin');
        } catch {
          photo.stream.destroy();
          return sendRestError(reply, AppError.notFound(), request.log);
        }
      }
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
