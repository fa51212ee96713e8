/** A scheduled change's run (jobs/definitions/scheduled-content-change.ts), apart from the scheduling (scheduled-changes.service.ts). */
import type { AppDeps } from '#server/app-deps.ts';
import { SCHEDULE_ACTOR, type Actor } from '#server/activity/actor.ts';
import { AppError } from '#server/errors.ts';
import { releaseImagesQuietly } from '#server/images/images.service.ts';
import * as repo from './scheduled-changes.repository.ts';
import * as versions from './content-versions.repository.ts';
import { contentKind } from './content-kinds.ts';
import { restoreVersionIn } from './versions.service.ts';
import { publishDraftIn } from './drafts.service.ts';

/** Thrown out of the run's transaction to undo it: the change cannot be made, and a retry would not help. */
class ChangeRefused extends Error {}

/**
 * Runs a scheduled change (the job's work). The row is claimed in the transaction of the change
 * itself, so the change happens once: a second try, or a second copy, finds it no longer pending.
 * A change that cannot be made (the item deleted meanwhile, no draft, no previous version) is
 * marked failed with the reason, not retried; a failure of the database throws, and the job is
 * tried again. Returns true when the live content changed.
 */
export async function runScheduledChange(deps: Pick<AppDeps, 'db' | 'storage' | 'log'>, id: number): Promise<boolean> {
  let released: number[] = [];
  let changed = false;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const claimed = await repo.finishPending(trx, id, 'done', null);
      if (!claimed) return;
      // The scheduler, as a person who was not at a screen: no address.
      const actor: Actor = claimed.created_by === null ? SCHEDULE_ACTOR : { userId: claimed.created_by, ip: null };
      try {
        if (claimed.action === 'publish-draft') {
          const kept = await publishDraftIn(trx, claimed.item_kind, claimed.item_id, actor, 'scheduled');
          await repo.setOutcome(trx, id, 'done', `version ${kept.number} published`);
          changed = true;
        } else {
          if (!(await contentKind(claimed.item_kind).lock(trx, claimed.item_id))) throw AppError.deletedMeanwhile();
          // Decided now, not when scheduled: "publish on the 20th, revert on the 2nd" undoes the publish.
          const [, previous] = await versions.listPublishedVersions(trx, claimed.item_kind, claimed.item_id, 2);
          if (!previous) throw new ChangeRefused('There is no previous version to go back to.');
          released = await restoreVersionIn(trx, previous, actor, `version ${previous.number} restored (scheduled)`);
          await repo.setOutcome(trx, id, 'done', `version ${previous.number} restored`);
          changed = true;
        }
      } catch (error) {
        if (error instanceof ChangeRefused) throw error;
        if (error instanceof AppError && error.httpStatus < 500) throw new ChangeRefused(refusalOf(error));
        throw error;
      }
    });
  } catch (error) {
    if (!(error instanceof ChangeRefused)) throw error;
    // The change's transaction was undone; the row is marked failed on its own (once, by compare-and-set).
    const failed = await repo.finishPending(deps.db, id, 'failed', error.message);
    if (failed) deps.log.warn({ scheduledChangeId: id, outcome: error.message }, 'scheduled change failed');
    return false;
  }
  await releaseImagesQuietly(deps, released);
  return changed;
}

function refusalOf(error: AppError): string {
  if (error.details?.reason === 'deleted') return 'The item was deleted meanwhile.';
  if (error.code === 'NOT_FOUND') return 'There was no draft to publish (it was published or discarded meanwhile).';
  return error.message;
}
