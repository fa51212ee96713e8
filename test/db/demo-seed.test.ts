// The demo seed writes widgets and galleries through images/images.service.ts; it must keep working.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { seedDemoContent } from '#server/db/seed/seed.ts';

let t: TestApp;
beforeAll(async () => {
  // The seed writes behind the app's back (main.ts seeds before the app builds its snapshot).
  t = await createTestApp({}, { refreshSnapshotPerRequest: true });
});
afterAll(async () => {
  await t?.close();
});

it('seeds content the API then serves', { timeout: 120_000 }, async () => {
  const report = await seedDemoContent(t.deps.db, t.deps.storage);
  expect(report.widgetsCreated).toBeGreaterThan(0);
  const client = new TestClient(t.app);
  const galleries = await client.get('/api/galleries?hidden=false');
  expect(galleries.body.results.length).toBeGreaterThan(0);
  const gallery = await client.get(`/api/galleries/${galleries.body.results[0].id}`);
  expect(gallery.status).toBe(200);
  for (const image of gallery.body.images) expect((await client.get(image.image_url)).status).toBe(200);
  expect((await client.get('/api/testimonials/')).body.total).toBeGreaterThan(0);
});
