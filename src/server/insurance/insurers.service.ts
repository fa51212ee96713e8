/**
 * The insurers the shop keeps (admin: Insurers; docs/rest-contract.md "Insurance"): a page of them
 * by name, add, rename, deactivate. A deactivated insurer stays on the claims that name it but is
 * no longer offered for a new one. Names are unique whatever their case (a 422 on `name`).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import {
  INSURANCE_MESSAGES,
  INSURERS_PAGE_DEFAULT,
  type Insurer,
  type InsurersListInput,
  type InsurersPage,
} from '#shared/schemas/insurance.ts';
import * as repo from './insurers.repository.ts';

type Deps = Pick<AppDeps, 'db'>;

export function presentInsurer(row: repo.InsurerRow): Insurer {
  return { id: row.id, name: row.name, active: row.active, created_at: new Date(row.created_at).toISOString() };
}

export async function listInsurers(deps: Deps, input: InsurersListInput): Promise<InsurersPage> {
  const limit = input.limit ?? INSURERS_PAGE_DEFAULT;
  const page = input.page ?? 1;
  const { rows, total } = await repo.listInsurers(deps.db, { activeOnly: input.active_only ?? false, limit, offset: (page - 1) * limit });
  return { data: rows.map(presentInsurer), page, limit, total };
}

async function assertNameFree(db: Deps['db'], name: string, exceptId?: number): Promise<void> {
  if (await repo.findInsurerNamed(db, name, exceptId)) throw AppError.field('name', INSURANCE_MESSAGES.nameTaken);
}

/** A unique violation between the check and the write (two admins at once) is the same 422. */
async function nameSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('name', INSURANCE_MESSAGES.nameTaken);
    throw error;
  }
}

export async function addInsurer(deps: Deps, actor: Actor, name: string): Promise<Insurer> {
  return nameSafe(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, name);
      const row = await repo.insertInsurer(trx, name);
      await recordActivity(trx, { actor, kind: 'insurer-saved', item: { type: 'insurer', id: row.id, label: row.name }, details: 'added' });
      return presentInsurer(row);
    }),
  );
}

export async function renameInsurer(deps: Deps, actor: Actor, id: number, name: string): Promise<Insurer> {
  return nameSafe(() =>
    deps.db.transaction().execute(async (trx) => {
      if (!(await repo.findInsurer(trx, id))) throw AppError.notFound();
      await assertNameFree(trx, name, id);
      const row = await repo.updateInsurer(trx, id, { name });
      if (!row) throw AppError.notFound();
      await recordActivity(trx, { actor, kind: 'insurer-saved', item: { type: 'insurer', id, label: row.name }, details: 'renamed' });
      return presentInsurer(row);
    }),
  );
}

/** Taken out of the list for new claims; the claims that name it keep it. Doing it twice changes nothing. */
export async function deactivateInsurer(deps: Deps, actor: Actor, id: number): Promise<Insurer> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await repo.findInsurer(trx, id);
    if (!found) throw AppError.notFound();
    if (!found.active) return presentInsurer(found);
    const row = await repo.updateInsurer(trx, id, { active: false });
    if (!row) throw AppError.notFound();
    await recordActivity(trx, { actor, kind: 'insurer-saved', item: { type: 'insurer', id, label: row.name }, details: 'deactivated' });
    return presentInsurer(row);
  });
}
