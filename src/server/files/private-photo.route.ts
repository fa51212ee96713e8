/**
 * The one route for private photos behind signed links: GET {kind's path}/{photoId}/{variant}
 * ?expires=&signature= for every kind of private-photos.ts (/quote-photos/..., /repair-photos/...:
 * the paths the links already sent carry). It answers with an image rather than JSON, so it is a
 * Fastify route, not a procedure. The kind's `access` says who may follow a link; each kind's area
 * finds its photo's stored keys (the record below refuses a kind without one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { sendRestError } from '#server/rest/error-response.ts';
import { assertAccess } from '#server/auth/access.ts';
import { findQuotePhotoToShow } from '#server/quotes/quotes.service.ts';
import { findRepairPhotoToShow } from '#server/repair-jobs/repair-photos.service.ts';
import {
  openPrivatePhotoFile,
  PRIVATE_PHOTO_KINDS,
  verifyPrivatePhotoLink,
  type PrivatePhotoKindName,
  type StoredPrivatePhoto,
} from './private-photos.ts';

type PhotoLookup = (deps: Pick<AppDeps, 'db'>, photoId: number) => Promise<StoredPrivatePhoto | undefined>;

const LOOKUPS: Record<PrivatePhotoKindName, PhotoLookup> = {
  quote: findQuotePhotoToShow,
  repair: findRepairPhotoToShow,
};

type PhotoRequest = FastifyRequest<{ Params: { photoId: string; variant: string }; Querystring: { expires?: string; signature?: string } }>;

function isAdmin(request: FastifyRequest, kind: PrivatePhotoKindName): boolean {
  try {
    assertAccess({ user: request.sessionUser, session: request.sessionRow }, 'admin', PRIVATE_PHOTO_KINDS[kind].permission);
    return true;
  } catch {
    return false;
  }
}

async function servePrivatePhoto(deps: AppDeps, kind: PrivatePhotoKindName, request: PhotoRequest, reply: FastifyReply) {
  const link = verifyPrivatePhotoLink(kind, deps.config.appKeys, { ...request.params, ...request.query });
  if (!link) return sendRestError(reply, AppError.invalidSignature(), request.log);
  const { access, permission } = PRIVATE_PHOTO_KINDS[kind];
  try {
    if (access === 'admin') assertAccess({ user: request.sessionUser, session: request.sessionRow }, 'admin', permission);
    const photo = await LOOKUPS[kind](deps, link.photoId);
    // An unshared photo is not there for anyone but an admin, whatever the link says.
    if (!photo || (access === 'shared-or-admin' && !photo.shared && !isAdmin(request, kind))) throw AppError.notFound();
    const file = await openPrivatePhotoFile(deps.storage, link.variant === 'large' ? photo.large_key : photo.thumb_key);
    if (!file) throw AppError.notFound();
    reply
      .header('content-type', file.contentType ?? 'application/octet-stream')
      // Kept by this browser only, and no longer than the link itself lives.
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', file.contentType ? 'inline' : 'attachment')
      .header('content-length', String(file.size));
    return reply.send(file.stream);
  } catch (error) {
    return sendRestError(reply, error, request.log);
  }
}

export async function registerPrivatePhotoRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const kind of Object.keys(PRIVATE_PHOTO_KINDS) as PrivatePhotoKindName[]) {
    app.get(`${PRIVATE_PHOTO_KINDS[kind].path}/:photoId/:variant`, (request: PhotoRequest, reply) =>
      servePrivatePhoto(deps, kind, request, reply),
    );
  }
}
