// Two copies of the built site as real processes on one PostgreSQL database and one S3
// bucket (s3rver on 127.0.0.1), as behind a load balancer. A session, the rate limits, uploads,
// the public snapshot and two-factor secrets all work across the copies; a key rotation with
// APP_PREVIOUS_KEYS keeps two-factor users signing in; a copy killed mid-upload leaves the other
// serving. PostgreSQL only: without TEST_DATABASE_URL this file says so and skips.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { ApiClient, createUser, type ApiResponse } from '../e2e/support/api.ts';
import { clearOfStepEnd, totpCode } from '#test/support/totp.ts';
import { startLocalS3, type LocalS3 } from '../support/s3.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) console.log('two-copies.test.ts: needs TEST_DATABASE_URL (copies share one PostgreSQL database); skipped');

const newKey = () => `base64:${randomBytes(32).toString('base64')}`;
const oldKey = newKey();

let s3: LocalS3;
let copyA: RunningServer & { databaseName: string | undefined };
let copyB: RunningServer;
/** Signed in as the template's admin on copy A; absolute URLs send it to copy B with the same cookies. */
let admin: ApiClient;

function startCopy(env: Record<string, string>, sharedDatabase?: string) {
  return startServer({
    appRoot: inject('e2eAppRoot'),
    template: inject('e2eTemplate'),
    env: { ...s3.env, ...env },
    sharedDatabase,
  });
}

beforeAll(async () => {
  if (!hasPostgres) return;
  s3 = await startLocalS3();
  copyA = await startCopy({ APP_KEY: oldKey });
  copyB = await startCopy({ APP_KEY: oldKey }, copyA.databaseName);
  admin = new ApiClient(copyA.baseUrl);
  await admin.login(copyA.adminEmail, copyA.adminPassword);
});

afterAll(async () => {
  // The copy that owns the database stops last: it drops it.
  await copyB?.stop();
  await copyA?.stop();
  await s3?.stop();
});

const onB = (path: string) => `${copyB.baseUrl}${path}`;

function tally(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function guestOn(baseUrl: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  await client.expect('GET', '/sanctum/csrf-cookie', [204]);
  return client;
}

function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploadForm(data: Buffer): Promise<{ form: FormData; galleryId: number }> {
  const galleries = (await admin.expect('GET', '/api/galleries?limit=1&page=0', [200])).body.results as { id: number }[];
  const galleryId = galleries[0]?.id ?? Number((await admin.expect('POST', '/api/galleries', [201], { name: 'Two copies' })).body.id);
  const form = new FormData();
  form.set('gallery_id', String(galleryId));
  form.set('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
  return { form, galleryId };
}

type GalleryImage = { id: number; image: { large_url: string; thumb_url: string } | null };
async function galleryImages(galleryId: number): Promise<GalleryImage[]> {
  return (await admin.expect('GET', `/api/galleries/${galleryId}`, [200])).body.images as GalleryImage[];
}

describe.skipIf(!hasPostgres)('two copies on one PostgreSQL and one bucket', () => {
  it('signs in on copy A and continues on copy B (session, XSRF token, password confirmation)', async () => {
    const user = await createUser(admin);
    const browser = new ApiClient(copyA.baseUrl);
    await browser.login(user.email, user.password);
    expect((await browser.expect('GET', onB('/api/user'), [200])).body.data.email).toBe(user.email);
    await browser.expect('POST', onB('/user/confirm-password'), [201], { password: user.password });
    await browser.expect('POST', '/logout', [204, 200]);
    expect((await browser.get(onB('/api/user'))).status).toBe(401);
  });

  it('5 failed logins spread over A and B, then the 6th answers 429 on either', async () => {
    const user = await createUser(admin);
    const client = await guestOn(copyA.baseUrl);
    await client.expect('GET', onB('/sanctum/csrf-cookie'), [204]);
    const attempts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const url = i % 2 === 0 ? '/login' : onB('/login');
      attempts.push((await client.post(url, { email: user.email, password: `wrong-${i}`, remember: false })).status);
    }
    expect(attempts).toEqual([422, 422, 422, 422, 422]);
    expect((await client.post(onB('/login'), { email: user.email, password: 'wrong-5', remember: false })).status).toBe(429);
    expect((await client.post('/login', { email: user.email, password: 'wrong-6', remember: false })).status).toBe(429);
  });

  it('30 parallel wrong logins over both copies let at most 5 through', async () => {
    const user = await createUser(admin);
    const client = await guestOn(copyA.baseUrl);
    const startedAt = Date.now();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.post(i % 2 === 0 ? '/login' : onB('/login'), { email: user.email, password: `wrong-${i}`, remember: false }),
      ),
    );
    const counts = tally(results);
    console.log(`30 parallel wrong logins over two copies: ${JSON.stringify(counts)} in ${Date.now() - startedAt} ms`);
    expect(counts[422] ?? 0).toBeLessThanOrEqual(5);
    expect((counts[422] ?? 0) + (counts[429] ?? 0)).toBe(30);
  });

  it('serves on copy B an image uploaded through copy A (both from the bucket)', async () => {
    const res = await admin.expect('POST', '/api/galleriesimages', [201], (await uploadForm(await noisyJpeg(800, 600))).form);
    for (const url of [res.body.image.large_url, res.body.image.thumb_url] as string[]) {
      const fromA = await fetch(`${copyA.baseUrl}${url}`);
      const fromB = await fetch(onB(url));
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    }
  });

  it("shows an admin's widget edit on copy A on copy B's public read within a second", async () => {
    const name = `TwoCopies${randomBytes(3).toString('hex')}`;
    const created = await admin.expect('POST', '/api/widgets', [201], { name, type: 'TEXT' });
    const form = new FormData();
    form.set('name', name);
    form.set('type', 'TEXT');
    form.set('html', '<p>Edited on copy A</p>');
    await admin.expect('POST', `/api/widgets/${created.body.id}`, [200], form);
    const editedAt = Date.now();
    for (;;) {
      const seen = await fetch(onB(`/api/widgets/${name}`));
      if (seen.status === 200 && ((await seen.json()) as { html: string }).html === '<p>Edited on copy A</p>') break;
      expect(Date.now() - editedAt, 'copy B still shows the old widget').toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    console.log(`widget edit on A seen on B after ${Date.now() - editedAt} ms`);
  });

  let twoFactorUser: { email: string; password: string; secret: string; codes: string[] };

  it('signs a two-factor user in across the copies (secret set up on A, login on B, code on A)', async () => {
    const user = await createUser(admin);
    const owner = new ApiClient(copyA.baseUrl);
    await owner.login(user.email, user.password);
    await owner.expect('POST', '/user/confirm-password', [201], { password: user.password });
    await owner.expect('POST', onB('/user/two-factor-authentication'), [200], {});
    const secret = (await owner.expect('GET', '/user/two-factor-secret-key', [200])).body.secretKey as string;
    await clearOfStepEnd(3_000);
    await owner.expect('POST', onB('/user/confirmed-two-factor-authentication'), [200], { code: totpCode(secret, -1) });
    const codes = (await owner.expect('GET', onB('/user/two-factor-recovery-codes'), [200])).body as string[];
    twoFactorUser = { email: user.email, password: user.password, secret, codes };

    const browser = await guestOn(copyB.baseUrl);
    const first = await browser.expect('POST', '/login', [200], { email: user.email, password: user.password, remember: false });
    expect(first.body).toEqual({ two_factor: true });
    await browser.expect('POST', `${copyA.baseUrl}/two-factor-challenge`, [204], { code: totpCode(secret) });
    expect((await browser.expect('GET', '/api/user', [200])).body.data.email).toBe(user.email);
  });

  it('keeps two-factor users signing in through an APP_KEY rotation with APP_PREVIOUS_KEYS', async () => {
    const rotatedKey = newKey();
    const rotated = await startCopy({ APP_KEY: rotatedKey, APP_PREVIOUS_KEYS: oldKey }, copyA.databaseName);
    try {
      const browser = await guestOn(rotated.baseUrl);
      await browser.expect('POST', '/login', [200], { email: twoFactorUser.email, password: twoFactorUser.password, remember: false });
      await browser.expect('POST', '/two-factor-challenge', [204], { code: totpCode(twoFactorUser.secret, 1) });
      expect((await browser.expect('GET', '/api/user', [200])).body.data.email).toBe(twoFactorUser.email);
    } finally {
      await rotated.stop();
    }
    // That sign-in re-encrypted the secret and codes: a copy with only the new key needs no old one.
    const newOnly = await startCopy({ APP_KEY: rotatedKey }, copyA.databaseName);
    try {
      const browser = await guestOn(newOnly.baseUrl);
      await browser.expect('POST', '/login', [200], { email: twoFactorUser.email, password: twoFactorUser.password, remember: false });
      await browser.expect('POST', '/two-factor-challenge', [204], { recovery_code: twoFactorUser.codes[0] });
      expect((await browser.expect('GET', '/api/user', [200])).body.data.email).toBe(twoFactorUser.email);
    } finally {
      await newOnly.stop();
    }
  });

  it('keeps copy A serving when copy B is killed in the middle of an upload', async () => {
    const { form, galleryId } = await uploadForm(await noisyJpeg(3000, 2000));
    const before = new Set((await galleryImages(galleryId)).map((image) => image.id));
    const uploading = admin.post(onB('/api/galleriesimages'), form).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(copyB.pid, 'SIGKILL');
    const outcome = await uploading;
    console.log(
      `upload to copy B killed after 300 ms: ${outcome instanceof Error ? `connection lost (${outcome.message})` : `answered ${(outcome as ApiResponse).status}`}`,
    );
    expect((await fetch(`${copyA.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${copyA.baseUrl}/api/galleries?hidden=false`)).status).toBe(200);
    // Whether B got as far as the row or not, a row it wrote points at files the bucket holds
    // (the files go up before the row is written).
    for (const image of (await galleryImages(galleryId)).filter((i) => !before.has(i.id))) {
      for (const url of [image.image!.large_url, image.image!.thumb_url]) {
        expect((await fetch(`${copyA.baseUrl}${url}`)).status, url).toBe(200);
      }
    }
    // A new copy joins and serves again.
    await copyB.stop();
    copyB = await startCopy({ APP_KEY: oldKey }, copyA.databaseName);
    expect((await fetch(onB('/healthz'))).status).toBe(200);
  });
});
