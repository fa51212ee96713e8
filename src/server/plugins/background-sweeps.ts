/**
 * Periodic clean-ups and the medium-image backfill, moved here from app.ts unchanged. They are
 * being replaced by the durable job queue (src/server/jobs/); until then they run on every copy.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { removeStaleTempFiles } from '#server/files/storage.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from '#server/files/orphan-sweep.ts';
import { backfillMediumVariants } from '#server/images/medium-backfill.ts';
import { deleteExpiredQuotePhotos } from '#server/quotes/quotes.service.ts';
import { deleteExpiredSessions } from '#server/auth/sessions.repository.ts';
import { appLevel } from './app-level.ts';

export const backgroundSweepsPlugin = appLevel('background-sweeps', async (app: FastifyInstance, options: { deps: AppDeps }) => {
  const { deps } = options;
  const sweep = setInterval(
    () => {
      deleteExpiredSessions(deps.db).catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
      deps.rateLimiter.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'));
      // Temporary files a failed request could not remove (the process was busy, the disk full).
      removeStaleTempFiles(deps.storage.tmpDir).catch((err: unknown) => app.log.warn({ err }, 'temp sweep failed'));
    },
    10 * 60 * 1000,
  );
  sweep.unref();
  const orphanSweep = setInterval(() => {
    sweepOrphanFiles(deps)
      .then((deleted) => deleted && app.log.info({ deleted }, 'orphan files removed'))
      .catch((err: unknown) => app.log.warn({ err }, 'orphan file sweep failed'));
  }, ORPHAN_MIN_AGE_MS);
  orphanSweep.unref();
  // Photos of quote requests closed longer than QUOTE_PHOTO_RETENTION_DAYS (harmless when copies overlap).
  const quotePhotoSweep = setInterval(() => {
    deleteExpiredQuotePhotos(deps)
      .then((cleared) => cleared && app.log.info({ cleared }, 'quote photos past retention removed'))
      .catch((err: unknown) => app.log.warn({ err }, 'quote photo retention sweep failed'));
  }, ORPHAN_MIN_AGE_MS);
  quotePhotoSweep.unref();
  // Images stored before the medium variant existed get theirs, and the pages then name it.
  let closing = false;
  deps.background.run('medium image variants', async () => {
    const recorded = await backfillMediumVariants(deps, () => closing);
    if (recorded === 0 || closing) return;
    app.log.info({ recorded }, 'medium image variants made');
    // The whole rebuild and announcement, as before: a background task has no response to hold.
    await deps.publicContent.refreshAndPublish({ maxWaitMs: Infinity });
  });

  // onClose hooks run last-registered first: this one runs before app.ts's (background idle, database close).
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(orphanSweep);
    clearInterval(quotePhotoSweep);
    closing = true;
  });
});
