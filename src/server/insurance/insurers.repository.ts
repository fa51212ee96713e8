// Every SQL statement on insurers (the list the shop keeps). Repositories never open a transaction: the service does.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { InsurersTable } from './insurers.table.ts';

type Db = Kysely<Database>;
export type InsurerRow = Selectable<InsurersTable>;

/** A page by name (then id), and how many rows the filter has in all. */
export async function listInsurers(
  db: Db,
  options: { activeOnly: boolean; limit: number; offset: number },
): Promise<{ rows: InsurerRow[]; total: number }> {
  let query = db.selectFrom('insurers');
  if (options.activeOnly) query = query.where('active', '=', true);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('name').orderBy('id').limit(options.limit).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findInsurer(db: Db, id: number): Promise<InsurerRow | undefined> {
  return db.selectFrom('insurers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another insurer of the same name, whatever its case. */
export async function findInsurerNamed(db: Db, name: string, exceptId?: number): Promise<InsurerRow | undefined> {
  let query = db
    .selectFrom('insurers')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertInsurer(db: Db, name: string): Promise<InsurerRow> {
  return db.insertInto('insurers').values({ name }).returningAll().executeTakeFirstOrThrow();
}

export async function updateInsurer(db: Db, id: number, values: { name?: string; active?: boolean }): Promise<InsurerRow | undefined> {
  return db.updateTable('insurers').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Names of the demo seed: inserted unless a row of that name is there. */
export async function insertInsurersIfMissing(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto('insurers')
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
