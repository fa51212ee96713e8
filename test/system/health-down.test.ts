import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.app.close();
});

it('answers 503 from /healthz when the database does not answer', async () => {
  const client = new TestClient(t.app);
  expect((await client.get('/healthz')).status).toBe(200);
  await t.database.close();
  const res = await client.get('/healthz');
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ status: 'unavailable' });
});
