// Private photos (files/private-photos.ts) on both stores: one route serves the quote and the repair
// kinds at the paths their links already carry, with the type the stored bytes say and a private
// cache; a tampered, expired or other kind's link is a 403; deletion takes the rows, then the files,
// and a rolled-back deletion keeps both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { makeJpeg, makePng } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';
import { startLocalS3, type LocalS3 } from '#test/support/s3.ts';
import { deletePrivatePhotos, privatePhotoPath } from '#server/files/private-photos.ts';
import { deleteQuotePhotos } from '#server/quotes/quote-request-photos.repository.ts';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
});

const flipFirstHexDigit = (url: string) => url.replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);

describe.each([
  ['local disk', () => ({})],
  ['S3 bucket', () => s3.env],
])('private photos: %s', (_name, env) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(env());
    admin = (await adminClient(t)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A quote request with one photo, sent as a visitor does; its row id and the admin's view of its photo. */
  async function quoteWithPhoto() {
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    const sent = await visitor.post('/api/quote-requests', {
      multipart: {
        name: 'Jo Customer',
        email: 'jo@example.com',
        telephone: '07700 900123',
        vehicle: 'Ford Focus 2018',
        registration: 'AB18 CDE',
        description: 'Dent in the rear passenger door and scratched bumper after a car park knock.',
        preferred_contact: 'email',
        consent: '1',
        photos: [{ filename: 'door.jpg', contentType: 'image/jpeg', data: await makeJpeg(80, 60) }],
      },
      headers: { 'x-forwarded-for': `10.7.0.${Math.floor(Math.random() * 250) + 1}` },
    });
    expect(sent.status, sent.text).toBe(201);
    const detail = await admin.get(`/api/quote-requests/${sent.body.id}`);
    const row = await t.deps.db
      .selectFrom('quote_request_photos')
      .selectAll()
      .where('quote_request_id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    return { id: sent.body.id as number, photo: detail.body.photos[0] as { id: number; url: string; thumb_url: string }, row };
  }

  /** A walk-in repair job with one photo, shared with the customer. */
  async function sharedRepairPhoto() {
    const job = await admin.post('/api/repair-jobs', {
      json: {
        customer_name: 'Sam Walker',
        customer_email: 'sam@example.com',
        vehicle: 'VW Golf 2020',
        registration: 'GF20 XYZ',
        agreed_work: 'Replace the front bumper and respray the bonnet.',
        promised_ready_on: '2026-12-10',
      },
    });
    expect(job.status, job.text).toBe(201);
    const uploaded = await admin.post(`/api/repair-jobs/${job.body.id}/photos`, {
      multipart: { photos: [{ filename: 'wing.jpg', contentType: 'image/jpeg', data: await makeJpeg(60, 40) }] },
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const photo = uploaded.body.photos[0] as { id: number; url: string; thumb_url: string };
    expect((await admin.patch(`/api/repair-jobs/${job.body.id}/photos/${photo.id}`, { json: { shared: true } })).status).toBe(200);
    return photo;
  }

  it('serves both kinds through the one route, typed by the stored bytes and kept privately', async () => {
    const quote = await quoteWithPhoto();
    const repair = await sharedRepairPhoto();
    expect(quote.photo.url).toMatch(/^\/quote-photos\/\d+\/large\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(repair.url).toMatch(/^\/repair-photos\/\d+\/large\?expires=\d+&signature=[0-9a-f]{64}$/);

    for (const [client, url] of [
      [admin, quote.photo.url],
      [admin, quote.photo.thumb_url],
      [new TestClient(t.app), repair.url],
      [new TestClient(t.app), repair.thumb_url],
    ] as const) {
      const res = await client.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=600');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
      expect(res.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }

    // The bytes decide the type, not the key's .webp: a PNG is sent as one, anything else is no image.
    await t.deps.storage.putBuffer(quote.row.large_key, await makePng(20, 10));
    const png = await admin.get(quote.photo.url);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.bytes.equals(await t.deps.storage.read(quote.row.large_key))).toBe(true);
    await t.deps.storage.putBuffer(quote.row.large_key, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const notImage = await admin.get(quote.photo.url);
    expect(notImage.status).toBe(200);
    expect(notImage.headers['content-type']).toBe('application/octet-stream');
    expect(notImage.headers['content-disposition']).toBe('attachment');

    // A file gone from the store is a 404.
    await t.deps.storage.delete(quote.row.thumb_key);
    expect((await admin.get(quote.photo.thumb_url)).status).toBe(404);
  });

  it('refuses a tampered, expired or other kind’s link with 403, and keeps quote photos to admins', async () => {
    const quote = await quoteWithPhoto();
    const repair = await sharedRepairPhoto();
    const anon = new TestClient(t.app);
    expect((await admin.get(flipFirstHexDigit(quote.photo.url))).status).toBe(403);
    expect((await anon.get(flipFirstHexDigit(repair.url))).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 1;
    expect((await admin.get(privatePhotoPath('quote', t.config.appKey, quote.photo.id, 'large', past))).status).toBe(403);
    expect((await anon.get(privatePhotoPath('repair', t.config.appKey, repair.id, 'large', past))).status).toBe(403);
    // A quote photo's signature on the repair path (and the other way round) opens nothing.
    expect((await admin.get(quote.photo.url.replace('/quote-photos/', '/repair-photos/'))).status).toBe(403);
    expect((await admin.get(repair.url.replace('/repair-photos/', '/quote-photos/'))).status).toBe(403);
    const refused = await anon.get(quote.photo.url);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('deletes the rows, then the stored files; a rolled-back deletion keeps both', async () => {
    const quote = await quoteWithPhoto();
    const keys = [quote.row.large_key, quote.row.thumb_key];
    for (const key of keys) expect(await t.deps.storage.size(key)).toBeGreaterThan(0);

    await expect(
      deletePrivatePhotos(t.deps, async (trx) => {
        await deleteQuotePhotos(trx, quote.id);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    for (const key of keys) expect(await t.deps.storage.size(key)).toBeGreaterThan(0);
    expect((await admin.get(quote.photo.url)).status).toBe(200);

    const deleted = await deletePrivatePhotos(t.deps, (trx) => deleteQuotePhotos(trx, quote.id));
    expect([...(deleted ?? [])].sort()).toEqual([...keys].sort());
    for (const key of keys) expect(await t.deps.storage.size(key)).toBeNull();
    expect(await t.deps.db.selectFrom('quote_request_photos').select('id').where('quote_request_id', '=', quote.id).execute()).toEqual([]);
    expect((await admin.get(quote.photo.url)).status).toBe(404);
  });
});
