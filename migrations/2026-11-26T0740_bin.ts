// The bin: deleting a gallery, a testimonial or a widget moves it here for BIN_KEEP_DAYS
// (docs/decisions/bin-as-soft-delete.md). Every normal read excludes rows with deleted_at set.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

const TABLES = ['galleries', 'testimonials', 'widgets'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex(`${table}_deleted_at`).on(table).column('deleted_at').execute();
  }
  // A widget's name is unique among the live ones only: a binned widget's name can be taken again,
  // and restoring it then is a 409 (bin/bin.service.ts).
  await db.schema.alterTable('widgets').dropConstraint('widgets_name_key').execute();
  await db.schema.createIndex('widgets_name_live').on('widgets').column('name').unique().where(sql.ref('deleted_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('widgets').where('deleted_at', 'is not', null).execute();
  await db.schema.dropIndex('widgets_name_live').execute();
  await db.schema.alterTable('widgets').addUniqueConstraint('widgets_name_key', ['name']).execute();
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_deleted_at`).execute();
    await db.schema.alterTable(table).dropColumn('deleted_by').dropColumn('deleted_at').execute();
  }
}
