// The "Awaiting insurer authority" repair stage (docs/decisions/insurance-claims-and-the-insurer-pack.md):
// one stage of the shop's list is marked `awaits_insurer_authority`; an insured job cannot move past
// it until the insurer's authority is recorded. It goes in just after "Assessed" (else second), the
// stages after it move down one.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

const NAME = 'Awaiting insurer authority';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('repair_stages')
    .addColumn('awaits_insurer_authority', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  const assessed = await db.selectFrom('repair_stages').select('position').where('name', '=', 'Assessed').executeTakeFirst();
  const first = await db.selectFrom('repair_stages').select('position').orderBy('position').limit(1).executeTakeFirst();
  const position = assessed ? Number(assessed.position) + 1 : first ? Number(first.position) + 1 : 0;
  await db
    .updateTable('repair_stages')
    .set({ position: sql`position + 1` })
    .where('position', '>=', position)
    .execute();
  await db.insertInto('repair_stages').values({ name: NAME, position, awaits_insurer_authority: true }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const stage = await db
    .selectFrom('repair_stages')
    .select(['id', 'position'])
    .where('awaits_insurer_authority', '=', true)
    .executeTakeFirst();
  if (stage) {
    // Jobs at it go back to the stage before (or the first one), as a shop would move them.
    const before = await db
      .selectFrom('repair_stages')
      .select('id')
      .where('id', '<>', stage.id)
      .orderBy(sql`position < ${stage.position}`, 'desc')
      .orderBy('position', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (before) await db.updateTable('repair_jobs').set({ stage_id: before.id }).where('stage_id', '=', stage.id).execute();
    await db.deleteFrom('repair_stages').where('id', '=', stage.id).execute();
    await db
      .updateTable('repair_stages')
      .set({ position: sql`position - 1` })
      .where('position', '>', stage.position)
      .execute();
  }
  await db.schema.alterTable('repair_stages').dropColumn('awaits_insurer_authority').execute();
}
