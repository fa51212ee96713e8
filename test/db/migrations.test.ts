import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { migrateAllDown, migrateToLatest } from '#server/db/migrator.ts';
import { migrations } from '#migrations/index.ts';
import { createEmptyTestDatabase, testEngine } from '#test/support/database.ts';

// Every column the table types promise (each <table>.table.ts, listed in db/types.ts), per table.
const expectedColumns: Record<string, string[]> = {
  users: [
    'id',
    'firstname',
    'lastname',
    'email',
    'telephone',
    'role',
    'skills',
    'dob',
    'cv_file_key',
    'cv_original_name',
    'cv_mime_type',
    'cv_size',
    'password_hash',
    'email_verified_at',
    'two_factor_secret',
    'two_factor_recovery_codes',
    'two_factor_confirmed_at',
    'two_factor_last_used_step',
    'created_at',
    'updated_at',
  ],
  sessions: [
    'id',
    'user_id',
    'remember',
    'expires_at',
    'last_seen_at',
    'password_confirmed_at',
    'pending_user_id',
    'pending_remember',
    'pending_expires_at',
    'ip_address',
    'user_agent',
    'created_at',
  ],
  password_reset_tokens: ['id', 'user_id', 'token_hash', 'created_at'],
  message_threads: [
    'id',
    'matter_key',
    'quote_request_id',
    'booking_id',
    'repair_job_id',
    'awaiting_shop',
    'done_at',
    'customer_read_at',
    'shop_read_at',
    'last_message_at',
    'created_at',
  ],
  estimate_settings: ['id', 'labour_rate_pence', 'vat_number', 'validity_days', 'terms', 'updated_at'],
  estimates: ['id', 'quote_request_id', 'status', 'link_salt', 'link_token_hash', 'created_at', 'updated_at'],
  estimate_versions: [
    'id',
    'estimate_id',
    'number',
    'status',
    'notes',
    'labour_rate_pence',
    'vat_number',
    'terms',
    'content_hash',
    'sent_at',
    'valid_until',
    'sent_by',
    'answered_at',
    'accepted_name',
    'accepted_signature',
    'start_within_cancellation',
    'decline_reason',
    'created_at',
    'updated_at',
  ],
  estimate_lines: ['id', 'version_id', 'position', 'kind', 'description', 'quantity', 'unit_price_pence', 'vat_rate_bp'],
  payments: [
    'id',
    'quote_request_id',
    'booking_id',
    'repair_job_id',
    'purpose',
    'method',
    'status',
    'amount_pence',
    'currency',
    'stripe_checkout_session_id',
    'stripe_payment_intent_id',
    'note',
    'recorded_by',
    'paid_at',
    'created_at',
    'updated_at',
  ],
  refunds: ['id', 'payment_id', 'amount_pence', 'method', 'status', 'reason', 'stripe_refund_id', 'recorded_by', 'created_at'],
  stripe_events: ['id', 'type', 'received_at'],
  insurers: ['id', 'name', 'active', 'created_at'],
  repair_stages: ['id', 'name', 'position', 'is_collected', 'created_at', 'awaits_insurer_authority'],
  insurance_claims: [
    'id',
    'quote_request_id',
    'repair_job_id',
    'insurer_id',
    'claim_number',
    'liability',
    'excess_pence',
    'authorised_pence',
    'authorised_on',
    'created_at',
    'updated_at',
  ],
  thread_messages: ['id', 'thread_id', 'author_side', 'staff_user_id', 'body', 'created_at'],
  staff_invitations: [
    'id',
    'email',
    'name',
    'staff_role',
    'token_salt',
    'token_hash',
    'invited_by',
    'created_at',
    'expires_at',
    'accepted_at',
    'revoked_at',
  ],
  images: [
    'id',
    'original_key',
    'large_key',
    'large_width',
    'large_height',
    'thumb_key',
    'thumb_width',
    'thumb_height',
    'created_at',
    'medium_key',
    'medium_width',
    'medium_height',
  ],
  widgets: ['id', 'name', 'type', 'html', 'image_id', 'alt', 'created_at', 'updated_at'],
  galleries: ['id', 'name', 'url', 'hidden', 'cover_image_id', 'created_at', 'updated_at'],
  gallery_images: ['id', 'gallery_id', 'image_id', 'alt', 'link', 'position', 'created_at'],
  testimonials: ['id', 'name', 'score', 'review', 'created_at', 'updated_at'],
  cv_downloads: ['id', 'user_id', 'downloaded_by', 'downloaded_at'],
  app_state: ['key', 'value'],
  rate_limits: ['key', 'count', 'reset_at'],
  booking_time_buckets: ['booking_type_id', 'bucket_start', 'place', 'booking_id'],
  bank_holiday_openings: ['holiday_date', 'created_at'],
  shop_notification_settings: ['id', 'muted_events', 'recipients', 'updated_at'],
  shop: [
    'id',
    'name',
    'tagline',
    'address_lines',
    'town',
    'county',
    'postcode',
    'country',
    'telephone',
    'email',
    'latitude',
    'longitude',
    'social_links',
    'opening_hours',
    'closures',
    'time_zone',
    'accreditations',
    'insurers',
    'year_established',
    'warranty',
    'reviews_url',
    'updated_at',
    'edited_at',
  ],
};

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createEmptyTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

async function columnsByTable() {
  const rows = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'`.execute(handle.db);
  const out: Record<string, string[]> = {};
  for (const row of rows.rows) (out[row.table_name] ??= []).push(row.column_name);
  return out;
}

describe(`migrations on ${testEngine}`, () => {
  it('run up to a schema with every table and column the code uses', async () => {
    const applied = await migrateToLatest(handle.db);
    expect(applied).toEqual(Object.keys(migrations));
    const actual = await columnsByTable();
    for (const [table, columns] of Object.entries(expectedColumns)) {
      expect(actual[table]?.sort(), table).toEqual(expect.arrayContaining(columns));
    }
  });

  it('enforce a case-insensitive unique e-mail and the role values', async () => {
    const base = { firstname: 'A', lastname: 'B', password_hash: 'x' };
    await handle.db
      .insertInto('users')
      .values({ ...base, email: 'Case@Example.com' })
      .execute();
    await expect(
      handle.db
        .insertInto('users')
        .values({ ...base, email: 'case@example.COM' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insertInto('users')
        .values({ ...base, email: 'r@example.com', role: 'owner' as 'user' })
        .execute(),
    ).rejects.toThrow();
  });

  it('cascade a user delete to their sessions', async () => {
    const user = await handle.db
      .insertInto('users')
      .values({ firstname: 'C', lastname: 'D', email: 'cascade@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('sessions')
      .values({ id: 'a'.repeat(64), user_id: user.id, expires_at: new Date(Date.now() + 1000) })
      .execute();
    await handle.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await handle.db.selectFrom('sessions').select('id').execute();
    expect(left).toHaveLength(0);
  });

  it('run every down and leave no table behind, then up again', async () => {
    const reverted = await migrateAllDown(handle.db);
    expect(reverted).toEqual(Object.keys(migrations).reverse());
    expect(Object.keys(await columnsByTable())).toEqual([]);
    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations));
  });
});
