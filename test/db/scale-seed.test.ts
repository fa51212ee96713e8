// The scale seed (scripts/lib/scale-seed.ts) at a tiny factor: its rows pass the schema's
// constraints and keys, and the admin's screens read them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { callerFor, createAdmin, createWidget } from '#test/support/factories.ts';
import { BUSY_WIDGET, FLEET_EMAIL, SCALE_PASSWORD, scaleCounts, seedScale } from '../../scripts/lib/scale-seed.ts';
import { verifyPassword } from '#server/auth/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { refreshSnapshotPerRequest: true });
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string, where = 'true') =>
  Number(
    ((await sql`select count(*) as n from ${sql.table(table)} where ${sql.raw(where)}`.execute(t.deps.db)).rows[0] as { n: string }).n,
  );

it('seeds a tiny shop that the admin screens read', { timeout: 120_000 }, async () => {
  const admin = await createAdmin(t.deps.db);
  const busy = await createWidget(t.deps.db, { name: BUSY_WIDGET });
  await createWidget(t.deps.db, { name: 'ScaleOther' });
  const factor = 0.2;
  const expected = scaleCounts(factor);
  const seeded = await seedScale(t.deps.db, factor);
  expect(seeded).toEqual(expected);

  expect(await count('users', "email like '%@scale.example.com'")).toBe(expected.users);
  expect(await count('quote_requests')).toBe(expected.quoteRequests);
  expect(await count('bookings')).toBe(expected.bookings);
  expect(await count('repair_jobs')).toBe(expected.repairJobs);
  expect(await count('activity_entries')).toBe(expected.activity);
  expect(await count('outgoing_mail')).toBe(expected.mails);
  expect(await count('content_versions')).toBe(expected.versions);
  expect(await count('content_versions', `item_id = ${busy.id}`)).toBe(expected.busyWidgetVersions);
  expect(await count('repair_job_stage_history')).toBeGreaterThanOrEqual(expected.repairJobs);
  expect(await count('repair_job_photos')).toBe(expected.repairJobs * 2);

  const fleet = (await sql`select id, password_hash from users where email = ${FLEET_EMAIL}`.execute(t.deps.db)).rows[0] as {
    id: number;
    password_hash: string;
  };
  expect(await verifyPassword(fleet.password_hash, SCALE_PASSWORD)).toBe(true);
  expect(await count('repair_jobs', `user_id = ${fleet.id}`)).toBeGreaterThanOrEqual(expected.fleetJobs);

  // Dates spread over the ten years before now, none in the future but bookings still to come.
  const span = (await sql`select min(created_at) as first, max(created_at) as last from activity_entries`.execute(t.deps.db)).rows[0] as {
    first: Date;
    last: Date;
  };
  const years = (new Date(span.last).getTime() - new Date(span.first).getTime()) / (365.25 * 24 * 3600 * 1000);
  expect(years).toBeGreaterThan(9);
  expect(new Date(span.last).getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

  const caller = await callerFor(t, admin.id);
  expect(JSON.stringify(await caller.reviews.admin.pending({}))).toContain('Good work, done on time.');
  const history = await caller.versions.history({ kind: 'widget', id: busy.id });
  expect(history.versions.length).toBeGreaterThan(0);
  const bin = await caller.bin.list({});
  expect(JSON.stringify(bin)).toContain('ScaleBin1');
});
