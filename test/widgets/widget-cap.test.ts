/**
 * Widgets are capped when made (docs/decisions/small-lists-capped-at-creation.md): past the cap a new
 * one is refused with a 422 on its name and the list stops at the cap. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { adminClient } from '#test/support/content.ts';
import { LIST_CAPS } from '#shared/limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('refuses a widget past the cap, and the list stops there', async () => {
  const { client: admin } = await adminClient(t);
  const existing = (await admin.get('/api/widgets')).body.results.length as number;
  await sql`insert into widgets (name, type) select 'Capped' || g, 'TEXT' from generate_series(1, ${LIST_CAPS.widgets - existing - 1}) g`.execute(
    t.deps.db,
  );
  const last = await admin.post('/api/widgets', { json: { name: 'TheLastOne', type: 'TEXT' } });
  expect(last.status, last.text).toBe(201);
  const refused = await admin.post('/api/widgets', { json: { name: 'OneTooMany', type: 'TEXT' } });
  expect(refused.status, refused.text).toBe(422);
  expect(refused.body.errors.name[0]).toContain(`at most ${LIST_CAPS.widgets} widgets`);
  expect((await admin.get('/api/widgets')).body.results).toHaveLength(LIST_CAPS.widgets);
});
