/**
 * The shop's list of repair stages (admin: Repair stages): rename, reorder, add, remove. A stage
 * with jobs at it cannot go (move them first), nor can the Collected stage, where the tracker's
 * expiry and the review request start. The stages a job reached keep their names in its history.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { REPAIR_STAGES_MAX } from '#shared/limits.ts';
import { REPAIR_STAGE_MESSAGES, type RepairStageOrderInput, type RepairStages } from '#shared/schemas/repair-jobs.ts';
import * as stages from './repair-stages.repository.ts';
import * as jobs from './repair-jobs.repository.ts';
import { presentStage } from './repair-job-presenter.ts';

type Deps = Pick<AppDeps, 'db'>;

export async function listRepairStages(deps: Deps): Promise<RepairStages> {
  return { data: (await stages.listRepairStages(deps.db)).map(presentStage) };
}

/** A new stage goes just before Collected (the last step stays last). */
export async function addRepairStage(deps: Deps, name: string): Promise<RepairStages> {
  await deps.db.transaction().execute(async (trx) => {
    await stages.lockRepairStages(trx);
    const list = await stages.listRepairStages(trx);
    if (list.length >= REPAIR_STAGES_MAX) throw AppError.field('name', REPAIR_STAGE_MESSAGES.tooMany);
    const collectedAt = list.findIndex((s) => s.is_collected);
    const at = collectedAt === -1 ? list.length : collectedAt;
    const ordered = [...list.slice(0, at), null, ...list.slice(at)];
    for (const [position, stage] of ordered.entries()) {
      if (stage === null) await stages.insertRepairStage(trx, { name, position });
      else if (stage.position !== position) await stages.setRepairStagePosition(trx, stage.id, position);
    }
  });
  return listRepairStages(deps);
}

export async function renameRepairStage(deps: Deps, id: number, name: string): Promise<RepairStages> {
  await deps.db.transaction().execute(async (trx) => {
    await stages.lockRepairStages(trx);
    if (!(await stages.findRepairStage(trx, id))) throw AppError.notFound();
    await stages.renameRepairStage(trx, id, name);
  });
  return listRepairStages(deps);
}

export async function removeRepairStage(deps: Deps, id: number): Promise<RepairStages> {
  await deps.db.transaction().execute(async (trx) => {
    await stages.lockRepairStages(trx);
    const stage = await stages.findRepairStage(trx, id);
    if (!stage) throw AppError.notFound();
    if (stage.is_collected) throw AppError.field('id', REPAIR_STAGE_MESSAGES.collected);
    if ((await jobs.countJobsAtStage(trx, id)) > 0) throw AppError.field('id', REPAIR_STAGE_MESSAGES.inUse);
    await stages.deleteRepairStage(trx, id);
  });
  return listRepairStages(deps);
}

/** The whole list in its new order: every stage once, or a 422 on ids. */
export async function reorderRepairStages(deps: Deps, input: RepairStageOrderInput): Promise<RepairStages> {
  await deps.db.transaction().execute(async (trx) => {
    await stages.lockRepairStages(trx);
    const list = await stages.listRepairStages(trx);
    const known = new Set(list.map((s) => s.id));
    const given = new Set(input.ids);
    if (given.size !== input.ids.length || given.size !== known.size || input.ids.some((i) => !known.has(i))) {
      throw AppError.field('ids', REPAIR_STAGE_MESSAGES.order);
    }
    for (const [position, stageId] of input.ids.entries()) await stages.setRepairStagePosition(trx, stageId, position);
  });
  return listRepairStages(deps);
}
