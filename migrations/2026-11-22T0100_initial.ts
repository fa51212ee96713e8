// The whole first schema: accounts, sessions, content, galleries, testimonials, CV downloads.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('firstname', 'varchar(100)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(40)')
    .addColumn('role', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('user', 'member', 'admin')`),
    )
    .addColumn('skills', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dob', 'date')
    .addColumn('cv_file_key', 'varchar(200)')
    .addColumn('cv_original_name', 'varchar(255)')
    .addColumn('cv_mime_type', 'varchar(120)')
    .addColumn('cv_size', 'integer')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_recovery_codes', 'text')
    .addColumn('two_factor_confirmed_at', 'timestamptz')
    .addColumn('two_factor_last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Case-insensitive uniqueness: Alice@x and alice@x are one account.
  await sql`create unique index users_email_lower_unique on users (lower(email))`.execute(db);
  await sql`create index users_firstname_lower on users (lower(firstname) text_pattern_ops)`.execute(db);
  await sql`create index users_lastname_lower on users (lower(lastname) text_pattern_ops)`.execute(db);
  await db.schema.createIndex('users_role').on('users').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'char(64)', (c) => c.primaryKey()) // SHA-256 of the cookie token, hex
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('password_confirmed_at', 'timestamptz')
    .addColumn('pending_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('pending_remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pending_expires_at', 'timestamptz')
    .addColumn('ip_address', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_id').on('password_reset_tokens').column('user_id').execute();

  // One row per processed image; widgets, gallery covers and gallery images point at it.
  await db.schema
    .createTable('images')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('original_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('large_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('large_width', 'integer', (c) => c.notNull())
    .addColumn('large_height', 'integer', (c) => c.notNull())
    .addColumn('thumb_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('thumb_width', 'integer', (c) => c.notNull())
    .addColumn('thumb_height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('widgets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(5)', (c) => c.notNull().check(sql`type in ('TEXT', 'IMAGE', 'VIDEO')`))
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('alt', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('widgets_image_id').on('widgets').column('image_id').execute();

  await db.schema
    .createTable('galleries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cover_image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('galleries_hidden').on('galleries').columns(['hidden', 'id']).execute();
  await db.schema.createIndex('galleries_cover_image_id').on('galleries').column('cover_image_id').execute();

  await db.schema
    .createTable('gallery_images')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('gallery_id', 'integer', (c) => c.notNull().references('galleries.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id'))
    .addColumn('alt', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(2000)')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('gallery_images_gallery_position').on('gallery_images').columns(['gallery_id', 'position']).execute();
  await db.schema.createIndex('gallery_images_image_id').on('gallery_images').column('image_id').execute();

  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('score', 'smallint', (c) => c.notNull().check(sql`score between 1 and 5`))
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('testimonials_created_at').on('testimonials').column('created_at').execute();

  await db.schema
    .createTable('cv_downloads')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('downloaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('downloaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cv_downloads_user_id').on('cv_downloads').column('user_id').execute();

  // Small key/value facts about this installation (for example: demo content already seeded).
  await db.schema
    .createTable('app_state')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'app_state',
    'cv_downloads',
    'testimonials',
    'gallery_images',
    'galleries',
    'widgets',
    'images',
    'password_reset_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
