// The bin (issue 27): deleting a gallery, a testimonial or a widget moves it here for BIN_KEEP_DAYS
// (docs/decisions/bin-as-soft-delete.md). Every normal read excludes rows with deleted_at set.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

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
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_deleted_at`).execute();
    await db.schema.alterTable(table).dropColumn('deleted_by').dropColumn('deleted_at').execute();
  }
}
