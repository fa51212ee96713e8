/**
 * /media: uploaded images. Content-addressed names never change, so they are cached for a year:
 * from the disk (a static folder), or from a bucket (the same URLs, streamed through this server,
 * or a redirect to S3_PUBLIC_URL when the bucket is public). An image whose every item is in the bin
 * answers 404 until the item is restored: the public snapshot holds those keys (its
 * `isMediaWithheld`), so a request costs a set look-up, never a query.
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from '#server/app-deps.ts';
import { contentTypeOf, type FileStorage } from '#server/files/storage.ts';
import { sendRestError } from '#server/rest/error-response.ts';
import { appLevel } from './app-level.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const isMediaName = (name: string) => /^[A-Za-z0-9._/-]+$/.test(name) && !name.includes('..');

function registerBucketMedia(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const name = request.params['*'];
    if (!isMediaName(name)) return reply.callNotFound();
    const key = `public/${name}`;
    const direct = storage.directPublicUrl(key);
    if (direct) return reply.header('cache-control', IMMUTABLE).redirect(direct, 302);
    let stream;
    try {
      stream = await storage.openRead(key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reply.callNotFound();
      // A failing bucket's 503, in the contract's shape.
      return sendRestError(reply, error, request.log);
    }
    return reply.header('cache-control', IMMUTABLE).type(contentTypeOf(key)).send(stream);
  });
}

/** Before either way of serving: a binned item's image is not found (and not cached as found). */
function withholdBinnedMedia(app: FastifyInstance, publicContent: AppDeps['publicContent']): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/media/img/')) return;
    let name: string;
    try {
      name = decodeURIComponent(path.slice('/media/'.length));
    } catch {
      return;
    }
    // Before the first build (never once the app listens) nothing is withheld.
    if (!isMediaName(name) || !publicContent.current()?.isMediaWithheld(`public/${name}`)) return;
    reply.header('cache-control', 'no-store');
    reply.callNotFound();
    return reply;
  });
}

export const mediaPlugin = appLevel(
  'media',
  async (app: FastifyInstance, options: { storage: FileStorage; publicContent: AppDeps['publicContent'] }) => {
    const { storage } = options;
    withholdBinnedMedia(app, options.publicContent);
    if (!storage.publicRoot) return registerBucketMedia(app, storage);
    await app.register(fastifyStatic, {
      root: storage.publicRoot,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  },
);
