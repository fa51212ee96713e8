// A third WebP variant of every public image, 800 px on its longest edge, between the 480 px
// thumbnail and the 1600 px large one: a phone showing a picture across its width needs about
// 720 px and was sent the 1600 px file (docs/decisions/medium-image-variant.md). Nullable: rows
// written before it get theirs from the stored large variant after start (images/medium-backfill.ts).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('medium_key', 'varchar(200)')
    .addColumn('medium_width', 'integer')
    .addColumn('medium_height', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('medium_key').dropColumn('medium_width').dropColumn('medium_height').execute();
}
