/**
 * /media: uploaded images. Content-addressed names never change, so they are cached for a year:
 * from the disk (a static folder), or from a bucket (the same URLs, streamed through this server,
 * or a redirect to S3_PUBLIC_URL when the bucket is public).
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { contentTypeOf, type FileStorage } from '#server/files/storage.ts';
import { sendRestError } from '#server/rest/error-response.ts';
import { appLevel } from './app-level.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function registerBucketMedia(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const name = request.params['*'];
    if (!/^[A-Za-z0-9._/-]+$/.test(name) || name.includes('..')) return reply.callNotFound();
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

export const mediaPlugin = appLevel('media', async (app: FastifyInstance, options: { storage: FileStorage }) => {
  const { storage } = options;
  if (!storage.publicRoot) return registerBucketMedia(app, storage);
  await app.register(fastifyStatic, {
    root: storage.publicRoot,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
  });
});
