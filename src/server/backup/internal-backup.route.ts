/**
 * While the site runs on PGlite, the server owns the database folder and no other process may
 * open it. The backup CLI therefore asks the running server to write the archive with its own
 * handle: the server keeps DATA_DIR/server.json (pid, port, a random token; mode 0600, so only
 * the site's user can read it), and this route answers only a caller on the same machine that
 * presents that token. Without a token (PostgreSQL, tests) the route does not exist.
 */
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '#server/app-deps.ts';

export const INTERNAL_BACKUP_PATH = '/internal/backup';

const bodySchema = z.object({ file: z.string().refine((f) => path.isAbsolute(f), 'must be an absolute path') });

export function registerInternalBackupRoute(app: FastifyInstance, deps: AppDeps, engine: string, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.post(INTERNAL_BACKUP_PATH, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    const sameMachine = request.socket.remoteAddress === request.socket.localAddress;
    if (!sameMachine || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(404).send({ message: 'Not Found.' });
    }
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: 'file must be an absolute path' });
    try {
      // The archive code (tar) is loaded by the first backup, not at start.
      const { createBackup } = await import('./backup.service.ts');
      const manifest = await createBackup(deps.config, deps.db, engine, body.data.file);
      return reply.send(manifest);
    } catch (error) {
      // Only the backup CLI on this machine, holding the token, gets here: it needs the reason for
      // its one-line error (a full disk, an unwritable folder), so the message goes back to it.
      return reply.code(500).send({ message: error instanceof Error ? error.message : String(error) });
    }
  });
}
