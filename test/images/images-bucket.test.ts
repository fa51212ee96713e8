// Images and CVs in an S3 bucket (S3_BUCKET, here s3rver on 127.0.0.1 behind a switchable proxy):
// images served at the same /media URLs with the same caching, or redirected to S3_PUBLIC_URL;
// CVs only through their signed link; and when the bucket fails, a 503 with a message, no row and
// no object left behind.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createGallery, createUser } from '#test/support/factories.ts';
import { adminClient, makeNoisyJpeg, tempFiles } from '#test/support/content.ts';
import { startLocalS3, S3RVER_CREDENTIALS, type LocalS3 } from '#test/support/s3.ts';

let s3: LocalS3;
let proxy: http.Server;
let proxyPort: number;
/** PUTs the proxy still lets through before it answers 503 to every PUT; Infinity passes all. */
let putsAllowed = Infinity;
let t: TestApp;
let admin: TestClient;
let galleryId: number;

beforeAll(async () => {
  s3 = await startLocalS3();
  const target = new URL(s3.endpoint);
  proxy = http.createServer((req, res) => {
    if (req.method === 'PUT' && putsAllowed-- <= 0) {
      req.resume();
      res.writeHead(503).end();
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
  const proxied = `http://127.0.0.1:${proxyPort}`;
  t = await createTestApp({ ...s3.env, S3_ENDPOINT: proxied });
  galleryId = (await createGallery(t.deps.db, t.deps.storage)).gallery.id;
  admin = (await adminClient(t)).client;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await s3?.stop();
});

async function objectKeys(): Promise<string[]> {
  const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

const imageRows = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function upload(data: Buffer) {
  return admin.post('/api/galleriesimages', {
    multipart: { gallery_id: String(galleryId), file: { filename: 'photo.jpg', contentType: 'image/jpeg', data } },
  });
}

describe('images in a bucket', () => {
  it('stores the original and both variants in the bucket and serves them at /media with immutable caching', async () => {
    const res = await upload(await makeNoisyJpeg(640, 480));
    expect(res.status).toBe(201);
    const keys = await objectKeys();
    for (const url of [res.body.image.large_url, res.body.image.thumb_url] as string[]) {
      expect(url).toMatch(/^\/media\/img\/[A-Za-z0-9_-]+-[lt]\.webp$/);
      expect(keys).toContain(`public/${url.slice('/media/'.length)}`);
      const media = await t.app.inject({ method: 'GET', url });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
      expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(media.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    }
    expect(keys.some((key) => key.startsWith('private/originals/'))).toBe(true);
    expect(await tempFiles(t)).toEqual([]);
    expect((await new TestClient(t.app).get('/media/img/missing-l.webp')).status).toBe(404);
    expect((await new TestClient(t.app).get('/media/../private/x')).status).toBe(404);
  });

  it('answers 503 with a message when the bucket fails mid-upload, leaving no row and no new object', async () => {
    const rowsBefore = await imageRows();
    const objectsBefore = await objectKeys();
    // The original goes up; the large variant's PUT (and its retry) fail.
    putsAllowed = 1;
    try {
      const res = await upload(await makeNoisyJpeg(800, 600));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'File storage is unavailable at the moment. Please try again in a few minutes.' });
    } finally {
      putsAllowed = Infinity;
    }
    expect(await imageRows()).toBe(rowsBefore);
    expect(await objectKeys()).toEqual(objectsBefore);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('keeps a CV private: not under /media, downloaded through its signed link; a failing bucket is a 503 and records nothing', async () => {
    const user = await createUser(t.deps.db);
    const key = `private/cv/${user.id}-bucket.pdf`;
    const content = Buffer.from('%PDF-1.4\nin the bucket\n%%EOF');
    await t.deps.storage.putBuffer(key, content);
    await t.deps.db
      .updateTable('users')
      .set({ cv_file_key: key, cv_original_name: 'cv.pdf', cv_mime_type: 'application/pdf', cv_size: content.length })
      .where('id', '=', user.id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/media/../${key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
    const link = new URL((await admin.get(`/api/users/${user.id}/cv`)).body.url as string);
    const download = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);

    const downloads = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('cv_downloads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await downloads();
    await new Promise((resolve) => proxy.close(resolve));
    try {
      const failed = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json()).toEqual({ message: 'File storage is unavailable at the moment. Please try again in a few minutes.' });
      const media = await t.app.inject({ method: 'GET', url: '/media/img/any-l.webp' });
      expect(media.statusCode).toBe(503);
      expect(media.json()).toEqual({ message: 'File storage is unavailable at the moment. Please try again in a few minutes.' });
    } finally {
      await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
    }
    expect(await downloads()).toBe(before);
  });

  it('redirects /media to S3_PUBLIC_URL when the bucket is public', async () => {
    const other = await createTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.test/bodyshop/' });
    try {
      const res = await new TestClient(other.app).get('/media/img/abc-l.webp');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://cdn.example.test/bodyshop/public/img/abc-l.webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await other.close();
    }
  });
});
