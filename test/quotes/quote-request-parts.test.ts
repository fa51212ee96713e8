// POST /api/quote-requests takes its photos under `photos` (the part name repeated): a file under
// any other part name is refused with a 422 naming it, never dropped while the request succeeds
// (a client sending `photos[]`, the PHP convention, used to get 201 with its photos discarded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { makeJpeg } from '#test/support/factories.ts';
import { tempFiles } from '#test/support/content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const fields = {
  name: 'Jo Customer',
  email: 'jo@example.com',
  vehicle: 'Ford Focus 2018',
  description: 'Dent in the rear passenger door and scratched bumper after a car park knock.',
  preferred_contact: 'email',
  consent: '1',
};

describe('file parts of POST /api/quote-requests', () => {
  it('refuses photos[] with a 422 naming the part, and keeps nothing', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const photo = { filename: 'door.jpg', contentType: 'image/jpeg', data: await makeJpeg(80, 60) };
    const res = await client.post('/api/quote-requests', {
      multipart: { ...fields, 'photos[]': [photo, photo] },
      headers: { 'x-forwarded-for': '10.88.0.1' },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body).toEqual({
      message: 'The photos[] field is not a file this path takes.',
      errors: { 'photos[]': ['The photos[] field is not a file this path takes.'] },
    });
    expect(await t.deps.db.selectFrom('quote_requests').select('id').execute()).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('still takes photos under photos', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const photo = { filename: 'door.jpg', contentType: 'image/jpeg', data: await makeJpeg(80, 60) };
    const res = await client.post('/api/quote-requests', {
      multipart: { ...fields, photos: [photo] },
      headers: { 'x-forwarded-for': '10.88.0.2' },
    });
    expect(res.status, res.text).toBe(201);
  });
});
