/**
 * The public snapshot's life (public-content/public-snapshot.ts): its first build at start and,
 * with several copies on one PostgreSQL, the sync that rebuilds it after the other copies' writes
 * and announces this copy's own (public-content/snapshot-sync.ts). The store's
 * `refreshAndPublish()` announces through it. On PGlite there is one copy: nothing to announce.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import type { AppConfig } from '#server/config/load-config.ts';
import type { DatabaseEngine } from '#server/db/database.ts';
import { PublicSnapshotSync } from '#server/public-content/snapshot-sync.ts';
import { appLevel } from './app-level.ts';

export interface PublicSnapshotOptions {
  deps: Pick<AppDeps, 'db' | 'publicContent'>;
  engine: DatabaseEngine;
  databaseUrl: AppConfig['databaseUrl'];
}

export const publicSnapshotPlugin = appLevel('public-snapshot', async (app: FastifyInstance, options: PublicSnapshotOptions) => {
  const { deps, engine, databaseUrl } = options;
  await deps.publicContent.refresh();
  if (engine !== 'postgres') return;
  const sync = new PublicSnapshotSync({ db: deps.db, store: deps.publicContent, log: app.log, databaseUrl });
  await sync.start();
  deps.publicContent.announceChangesWith(sync);
  app.addHook('onClose', () => sync.close());
});
