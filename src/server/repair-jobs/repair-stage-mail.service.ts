/**
 * One e-mail per stage change, held (stage-mail-timing.ts): every change queues the
 * repair-stage-mail job with one waiting per job (jobs/definitions/repair-stage-mail.ts), and the
 * job, when it runs (stage-mail-run.ts), tells the customer the stage the job is at then, unless they were told already.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { repairStageMailJob } from '#server/jobs/definitions/repair-stage-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { stageMailDueAt } from './stage-mail-timing.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Queues the held mail in the transaction of the change; a mail already waiting for this job takes this change too. */
export async function queueStageMail(
  deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent'>,
  trx: Executor,
  repairJobId: number,
  now = new Date(),
): Promise<void> {
  const shop = await readShop(deps);
  await deps.jobs.send(
    repairStageMailJob,
    { repairJobId },
    {
      trx,
      singletonKey: `repair-job:${repairJobId}`,
      startAfter: stageMailDueAt(now, deps.config.repairStageMailHoldMinutes, shop.timeZone),
    },
  );
}
