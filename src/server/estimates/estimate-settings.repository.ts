// Every SQL statement on estimate_settings. Repositories never open a transaction: the service does.
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { EstimateSettingsTable } from './estimate-settings.table.ts';

type Db = Kysely<Database>;
export type EstimateSettingsRow = Selectable<EstimateSettingsTable>;

export async function findEstimateSettings(db: Db): Promise<EstimateSettingsRow> {
  const row = await db.selectFrom('estimate_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (row) return row;
  // The migration writes the row; a restored backup from before it gets it back with the defaults.
  return db
    .insertInto('estimate_settings')
    .values({ id: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEstimateSettings(db: Db, values: Updateable<EstimateSettingsTable>): Promise<void> {
  await db
    .updateTable('estimate_settings')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', 1)
    .execute();
}
