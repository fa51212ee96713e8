// History and drafts of the content an admin edits: one row per kept version of a
// widget, a gallery, a testimonial or the shop record, keyed by the item's kind and id; the live
// tables stay the published truth. content_version_images keeps the pictures a version names alive,
// so a restore or a comparison can still show them (docs/decisions/content-versions-and-drafts.md).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    // Published versions are numbered 1, 2, 3 … per item; a draft has no number until published.
    .addColumn('number', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('content_versions_status', sql`status in ('published', 'draft')`)
    .addCheckConstraint('content_versions_number', sql`(status = 'draft') = (number is null)`)
    .addUniqueConstraint('content_versions_item_number', ['item_kind', 'item_id', 'number'])
    .execute();
  // At most one draft per item: autosave updates it in place.
  await sql`create unique index content_versions_one_draft on content_versions (item_kind, item_id) where status = 'draft'`.execute(db);
  await db.schema.createIndex('content_versions_created').on('content_versions').column('created_at').execute();

  await db.schema
    .createTable('content_version_images')
    .addColumn('version_id', 'integer', (c) => c.notNull().references('content_versions.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('content_version_images_pkey', ['version_id', 'image_id'])
    .execute();
  await db.schema.createIndex('content_version_images_image').on('content_version_images').column('image_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_version_images').execute();
  await db.schema.dropTable('content_versions').execute();
}
