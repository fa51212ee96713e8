/**
 * Quote requests as a third party calls them (docs/rest-contract.md "Quote requests"): the public
 * multipart POST with photos, every refusal keeping nothing, the two e-mails, the admin's triage
 * with signed photo links, the customer's own list, the retention sweep and account deletion.
 */
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient, type MultipartFile } from '#test/support/client.ts';
import { makeJpeg, makePng } from '#test/support/factories.ts';
import { adminClient, clientAs, makeNoisyJpeg, storedFiles, tempFiles } from '#test/support/content.ts';
import { clearOutbox, readOutbox } from '#test/support/mail.ts';
import { deleteExpiredQuotePhotos } from '#server/quotes/quotes.service.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { quotePhotoPath } from '#server/quotes/quote-photo-links.ts';
import { sweepOrphanFiles } from '#server/files/orphan-sweep.ts';
import { QUOTE_PHOTO_MAX_BYTES } from '#shared/limits.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';

const SHOP_INBOX = 'workshop-inbox@quotes.test';
let t: TestApp;
let outbox: string;
beforeAll(async () => {
  // Each request comes from its own address (X-Forwarded-For from the trusted test client), so the
  // per-address limit is tested on purpose only.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  // The shop's copy goes to the address in the shop's details, whatever the admin set there.
  await updateShop(t.deps, { ...(await getShop(t.deps)), email: SHOP_INBOX }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

let lastAddress = 0;
const nextAddress = () => {
  lastAddress += 1;
  return `10.9.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

const stored = {
  name: 'Jo Customer',
  email: 'jo@example.com',
  telephone: '07700 900123',
  vehicle: 'Ford Focus 2018',
  registration: 'AB18 CDE',
  description: 'Dent in the rear passenger door and scratched bumper after a car park knock.',
  preferred_contact: 'email',
};
const validFields = { ...stored, consent: '1' };

const jpegFile = async (name = 'door.jpg'): Promise<MultipartFile> => ({
  filename: name,
  contentType: 'image/jpeg',
  data: await makeJpeg(80, 60),
});
const pdfFile = (): MultipartFile => ({
  filename: 'estimate.pdf',
  contentType: 'application/pdf',
  data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

async function sendQuote(
  client: TestClient,
  fields: Record<string, string> = validFields,
  photos: MultipartFile[] = [],
  options: { address?: string; noXsrf?: boolean } = {},
) {
  if (!client.cookie('XSRF-TOKEN')) await client.csrf();
  return client.post('/api/quote-requests', {
    multipart: { ...fields, ...(photos.length ? { photos } : {}) },
    headers: { 'x-forwarded-for': options.address ?? nextAddress() },
    ...(options.noXsrf ? { noXsrf: true } : {}),
  });
}

const count = async (table: 'quote_requests' | 'quote_request_photos') =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const quoteFiles = async () => (await storedFiles(t)).filter((f) => f.startsWith('private/quotes/'));

async function expectNothingKept(before: { requests: number; photos: number; files: string[] }) {
  expect(await count('quote_requests')).toBe(before.requests);
  expect(await count('quote_request_photos')).toBe(before.photos);
  expect(await storedFiles(t)).toEqual(before.files);
  expect(await tempFiles(t)).toEqual([]);
}
const snapshot = async () => ({
  requests: await count('quote_requests'),
  photos: await count('quote_request_photos'),
  files: await storedFiles(t),
});

describe('POST /api/quote-requests', () => {
  it('stores a request with its photos privately, stripped and upright, and sends the two e-mails', async () => {
    const filesBefore = await storedFiles(t);
    const anon = new TestClient(t.app);
    const gpsPhoto: MultipartFile = {
      filename: 'bumper.jpg',
      contentType: 'image/jpeg',
      data: await makeNoisyJpeg(120, 80, { orientation: 6, gps: true }),
    };
    const res = await sendQuote(anon, validFields, [await jpegFile(), gpsPhoto, { filename: 'wing.png', data: await makePng() }]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), reference: expect.stringMatching(/^Q-\d{4}-[A-HJKMNP-Z2-9]{6}$/) });

    const row = await t.deps.db.selectFrom('quote_requests').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...stored, user_id: null, status: 'new', notes: '', reference: res.body.reference });
    const photos = await t.deps.db
      .selectFrom('quote_request_photos')
      .selectAll()
      .where('quote_request_id', '=', row.id)
      .orderBy('position')
      .execute();
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2]);

    // Private keys only: nothing new under public/, nothing left in the temporary folder.
    const added = (await storedFiles(t)).filter((f) => !filesBefore.includes(f));
    expect(added).toHaveLength(6);
    expect(added.every((f) => f.startsWith('private/quotes/') && f.endsWith('.webp'))).toBe(true);
    expect(await tempFiles(t)).toEqual([]);
    // Upright (orientation 6 turns 120x80 into 80x120) and without EXIF (no GPS).
    const turned = await sharp(path.join(t.dataDir, 'files', photos[1]!.large_key)).metadata();
    expect([turned.width, turned.height]).toEqual([80, 120]);
    expect(turned.exif).toBeUndefined();
    expect(turned.format).toBe('webp');
    // Not reachable at /media.
    expect((await anon.get(`/media/${photos[0]!.large_key.replace(/^private\//, '')}`)).status).toBe(404);
    expect((await anon.get(`/media/../${photos[0]!.large_key}`)).status).toBe(404);

    const mails = await readOutbox(outbox);
    const toShop = mails.find((m) => m.to.includes(SHOP_INBOX))!;
    expect(toShop.subject).toContain(res.body.reference);
    expect(toShop.text).toContain(validFields.description);
    expect(toShop.links).toContain(`http://localhost:3000/admin/quotes/${row.id}`);
    const toCustomer = mails.find((m) => m.to.includes('jo@example.com'))!;
    expect(toCustomer.subject).toContain(res.body.reference);
    expect(toCustomer.text).toContain(res.body.reference);
    expect(mails).toHaveLength(2);
  });

  it('works without photos, and links a signed-in customer’s request to the account', async () => {
    const { client, user } = await clientAs(t);
    const res = await sendQuote(client, { ...validFields, telephone: '', registration: '', preferred_contact: 'email' });
    expect(res.status).toBe(201);
    const row = await t.deps.db.selectFrom('quote_requests').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, telephone: null, registration: null, preferred_contact: 'email' });
  });

  it('answers every bad field in one 422 and keeps nothing', async () => {
    const before = await snapshot();
    const res = await sendQuote(new TestClient(t.app), { description: 'Too short' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['consent', 'description', 'email', 'name', 'preferred_contact', 'vehicle']);
    expect(res.body.errors.description).toEqual(['The description field must be at least 20 characters.']);
    expect(res.body.errors.consent).toEqual(['The consent field must be accepted.']);
    expect(res.body.message).toMatch(/\(and 5 more errors\)$/);

    const bad = await sendQuote(new TestClient(t.app), {
      ...validFields,
      email: 'not-an-email',
      preferred_contact: 'pigeon',
      consent: '0',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['consent', 'email', 'preferred_contact']);
    const long = await sendQuote(new TestClient(t.app), { ...validFields, description: 'x'.repeat(5001) });
    expect(long.body.errors.description).toEqual(['The description field must not be greater than 5000 characters.']);
    await expectNothingKept(before);
  });

  it('needs the telephone when the customer asks to be called: 422 on telephone, with every other field, and keeps nothing', async () => {
    const before = await snapshot();
    const message = 'Please give a telephone number so we can call you, or choose to be contacted by e-mail.';
    for (const telephone of [undefined, '', '   ']) {
      const fields: Record<string, string> = { ...validFields, preferred_contact: 'phone' };
      if (telephone === undefined) delete fields.telephone;
      else fields.telephone = telephone;
      const res = await sendQuote(new TestClient(t.app), fields);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message, errors: { telephone: [message] } });
    }
    // Named too when another field is refused outright (an empty name stops zod's object rules).
    const many = await sendQuote(new TestClient(t.app), { ...validFields, name: '', telephone: '', preferred_contact: 'phone' });
    expect(many.status).toBe(422);
    expect(many.body.errors).toEqual({ name: ['The name field is required.'], telephone: [message] });
    expect(many.body.message).toBe('The name field is required. (and 1 more error)');
    // A bad preferred contact is its own message, not a telephone one.
    const bad = await sendQuote(new TestClient(t.app), { ...validFields, telephone: '', preferred_contact: 'pigeon' });
    expect(bad.body.errors).toEqual({ preferred_contact: ['The selected preferred contact is invalid.'] });
    await expectNothingKept(before);

    // By e-mail the telephone stays optional; by phone with a number it goes.
    expect((await sendQuote(new TestClient(t.app), { ...validFields, telephone: '', preferred_contact: 'email' })).status).toBe(201);
    expect((await sendQuote(new TestClient(t.app), { ...validFields, preferred_contact: 'phone' })).status).toBe(201);
  });

  it('refuses a file that is not an image (a PDF, a fake JPEG) by its index, with the fields, and keeps nothing', async () => {
    const before = await snapshot();
    const fake: MultipartFile = { filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('this is not a picture at all') };
    const res = await sendQuote(new TestClient(t.app), { ...validFields, vehicle: '' }, [
      await jpegFile(),
      pdfFile(),
      await jpegFile(),
      fake,
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors.vehicle).toEqual(['The vehicle field is required.']);
    expect(res.body.errors.photos).toEqual([
      'Photo 2: The file must be an image (JPEG, PNG, WebP, GIF or AVIF).',
      'Photo 4: The file must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    ]);
    await expectNothingKept(before);
  });

  it('refuses an oversized photo while it streams, and a 7th photo, with a 422 on photos', async () => {
    const before = await snapshot();
    const huge: MultipartFile = { filename: 'huge.jpg', contentType: 'image/jpeg', data: Buffer.alloc(QUOTE_PHOTO_MAX_BYTES + 1, 1) };
    const big = await sendQuote(new TestClient(t.app), validFields, [await jpegFile(), huge]);
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ photos: ['Photo 2 is too large: at most 20 MB each.'] });

    const photo = await jpegFile();
    const seven = await sendQuote(
      new TestClient(t.app),
      validFields,
      Array.from({ length: 7 }, () => photo),
    );
    expect(seven.status).toBe(422);
    expect(seven.body.errors).toEqual({ photos: ['At most 6 photos can be sent with a request.'] });
    await expectNothingKept(before);

    const six = await sendQuote(
      new TestClient(t.app),
      validFields,
      Array.from({ length: 6 }, () => photo),
    );
    expect(six.status).toBe(201);
  });

  it('stores HTML in any field as text, and escapes it in the shop’s e-mail', async () => {
    const html = '<img src=x onerror=alert(1)><b>bold</b>';
    const res = await sendQuote(new TestClient(t.app), {
      ...validFields,
      name: html,
      vehicle: `${html} car`,
      description: `${html} and a long enough text`,
    });
    expect(res.status).toBe(201);
    const row = await t.deps.db.selectFrom('quote_requests').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(html);
    expect(row.description).toBe(`${html} and a long enough text`);
    const toShop = (await readOutbox(outbox)).find((m) => m.to.includes(SHOP_INBOX))!;
    expect(toShop.html).not.toContain('<img src=x');
    expect(toShop.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers a filled honeypot like a success, storing and sending nothing', async () => {
    const before = await snapshot();
    const res = await sendQuote(new TestClient(t.app), { ...validFields, website: 'http://spam.example' }, [await jpegFile()]);
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^Q-\d{4}-/);
    await expectNothingKept(before);
    expect(await readOutbox(outbox)).toEqual([]);
  });

  it('allows 5 requests an hour per address, then 429 with Retry-After before reading the body', async () => {
    const address = '10.200.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await sendQuote(new TestClient(t.app), { description: 'short' }, [], { address })).status).toBe(422);
    }
    const before = await snapshot();
    const refused = await sendQuote(new TestClient(t.app), validFields, [await jpegFile()], { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await expectNothingKept(before);
    // Another address is not held back.
    expect((await sendQuote(new TestClient(t.app), validFields, [], { address: '10.200.0.2' })).status).toBe(201);
  });

  it('leaves no photo file behind when the database refuses the request after the photos were stored', async () => {
    const before = await snapshot();
    // A real failure at the insert: the photos' table is briefly away.
    await sql`alter table quote_request_photos rename to quote_request_photos_away`.execute(t.deps.db);
    try {
      const res = await sendQuote(new TestClient(t.app), validFields, [await jpegFile(), await jpegFile('b.jpg')]);
      expect(res.status).toBe(500);
      expect(res.text).not.toMatch(/quote_request_photos|relation|stack/i);
    } finally {
      await sql`alter table quote_request_photos_away rename to quote_request_photos`.execute(t.deps.db);
    }
    await expectNothingKept(before);
  });

  it('needs the XSRF token like every state-changing path (419)', async () => {
    const res = await sendQuote(new TestClient(t.app), validFields, [], { noXsrf: true });
    expect(res.status).toBe(419);
  });
});

describe('the admin’s triage', () => {
  async function seedRequests(n: number, overrides: Record<string, unknown> = {}) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const row = await insertQuoteRequest(t.deps.db, {
        name: `Seeded ${i}`,
        email: `seeded${i}@example.com`,
        vehicle: 'Vauxhall Corsa',
        description: 'Seeded request for the list tests, long enough.',
        created_at: new Date(Date.UTC(2020, 0, 1, 0, i)),
        ...overrides,
      });
      ids.push(row.id);
    }
    return ids;
  }

  it('refuses the admin paths to visitors (401) and customers (403)', async () => {
    const anon = new TestClient(t.app);
    await anon.csrf();
    const { client: user } = await clientAs(t);
    for (const [method, url] of [
      ['GET', '/api/quote-requests'],
      ['GET', '/api/quote-requests/counts'],
      ['GET', '/api/quote-requests/1'],
      ['PATCH', '/api/quote-requests/1'],
      ['DELETE', '/api/quote-requests/1'],
    ] as const) {
      expect((await anon.request(method, url, { json: { status: 'closed' } })).status).toBe(401);
      expect((await user.request(method, url, { json: { status: 'closed' } })).status).toBe(403);
    }
    expect((await anon.get('/api/user/quote-requests')).status).toBe(401);
  });

  it('lists 25 a page, newest first, filtered by status and searched, with counts', async () => {
    const { client: admin } = await adminClient(t);
    const search = `Zebra${Date.now()}`;
    const ids = await seedRequests(27, { vehicle: `${search} van` });
    await seedRequests(2, { vehicle: `${search} van`, status: 'booked' });

    const first = await admin.get('/api/quote-requests', { query: { search: search.toLowerCase() } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 29, per_page: 25, current_page: 1, last_page: 2 });
    expect(first.body.data).toHaveLength(25);
    const second = await admin.get('/api/quote-requests', { query: { search, page: 2 } });
    expect(second.body.data).toHaveLength(4);
    const newest = first.body.data[0];
    expect(newest).toEqual({
      id: expect.any(Number),
      reference: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      vehicle: `${search} van`,
      status: expect.any(String),
      photo_count: 0,
      created_at: expect.any(String),
    });
    const times = [...first.body.data, ...second.body.data].map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const booked = await admin.get('/api/quote-requests', { query: { search, status: 'booked' } });
    expect(booked.body.total).toBe(2);
    expect(booked.body.data.every((r: { status: string }) => r.status === 'booked')).toBe(true);
    expect((await admin.get('/api/quote-requests', { query: { status: 'lost' } })).status).toBe(422);
    // LIKE wildcards are literal.
    expect((await admin.get('/api/quote-requests', { query: { search: '%' } })).body.total).toBe(0);

    const counts = await admin.get('/api/quote-requests/counts');
    expect(counts.status).toBe(200);
    expect(Object.keys(counts.body).sort()).toEqual(['booked', 'closed', 'contacted', 'new', 'quoted']);
    expect(counts.body.booked).toBeGreaterThanOrEqual(2);
    expect(counts.body.new).toBeGreaterThanOrEqual(27);
    expect(ids).toHaveLength(27);
  });

  it('shows a request with signed photo links that work for admins only, expire, and refuse tampering', async () => {
    const sent = await sendQuote(new TestClient(t.app), validFields, [await jpegFile(), await jpegFile('b.jpg')]);
    const { client: admin } = await adminClient(t);
    const res = await admin.get(`/api/quote-requests/${sent.body.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ ...stored, status: 'new', notes: '', photos_deleted_at: null });
    expect(res.body.photos).toHaveLength(2);
    const photo = res.body.photos[0];
    expect(photo.url).toMatch(/^\/quote-photos\/\d+\/large\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(Date.parse(res.body.photo_links_expire_at) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const image = await admin.get(photo.url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('private');
    expect((await admin.get(photo.thumb_url)).status).toBe(200);

    expect((await new TestClient(t.app).get(photo.url)).status).toBe(401);
    const { client: user } = await clientAs(t);
    expect((await user.get(photo.url)).status).toBe(403);
    const tampered = photo.url.replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await admin.get(tampered)).status).toBe(403);
    expect((await admin.get(photo.url.replace('/large?', '/thumb?'))).status).toBe(403);
    const otherPhoto = photo.url.replace(`/quote-photos/${photo.id}/`, `/quote-photos/${res.body.photos[1].id}/`);
    expect((await admin.get(otherPhoto)).status).toBe(403);
    const expired = quotePhotoPath(t.config.appKey, photo.id, 'large', Math.floor(Date.now() / 1000) - 1);
    expect((await admin.get(expired)).status).toBe(403);

    expect((await admin.get('/api/quote-requests/999999')).status).toBe(404);
  });

  it('changes status and notes; an unknown status is a 422; closing stamps closed_at', async () => {
    const sent = await sendQuote(new TestClient(t.app), validFields);
    const { client: admin } = await adminClient(t);
    const unknown = await admin.patch(`/api/quote-requests/${sent.body.id}`, { json: { status: 'lost' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ status: ['The selected status is invalid.'] });

    const quoted = await admin.patch(`/api/quote-requests/${sent.body.id}`, {
      json: { status: 'quoted', notes: '<b>£420</b> incl. paint' },
    });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ status: 'quoted', notes: '<b>£420</b> incl. paint', closed_at: null });
    const closed = await admin.patch(`/api/quote-requests/${sent.body.id}`, { form: { status: 'closed' } });
    expect(closed.body.status).toBe('closed');
    expect(closed.body.closed_at).not.toBeNull();
    expect(closed.body.notes).toBe('<b>£420</b> incl. paint');
    const reopened = await admin.patch(`/api/quote-requests/${sent.body.id}`, { json: { status: 'booked' } });
    expect(reopened.body.closed_at).toBeNull();
    expect((await admin.patch('/api/quote-requests/999999', { json: { status: 'new' } })).status).toBe(404);
  });

  it('deletes a request with its photo files (204), then 404', async () => {
    const sent = await sendQuote(new TestClient(t.app), validFields, [await jpegFile()]);
    const keys = await t.deps.db
      .selectFrom('quote_request_photos')
      .select(['large_key', 'thumb_key'])
      .where('quote_request_id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    const { client: admin } = await adminClient(t);
    const res = await admin.delete(`/api/quote-requests/${sent.body.id}`);
    expect(res.status).toBe(204);
    const files = await storedFiles(t);
    expect(files).not.toContain(keys.large_key);
    expect(files).not.toContain(keys.thumb_key);
    expect(await t.deps.db.selectFrom('quote_request_photos').select('id').where('quote_request_id', '=', sent.body.id).execute()).toEqual(
      [],
    );
    expect((await admin.delete(`/api/quote-requests/${sent.body.id}`)).status).toBe(404);
  });
});

describe('the customer’s own requests', () => {
  it('lists only their own, without internal notes; another customer’s id is a 404', async () => {
    const { client: jo } = await clientAs(t);
    const { client: sam } = await clientAs(t);
    const mine = await sendQuote(jo, validFields, [await jpegFile()]);
    const theirs = await sendQuote(sam, validFields);
    const visitors = await sendQuote(new TestClient(t.app), validFields);
    const { client: admin } = await adminClient(t);
    await admin.patch(`/api/quote-requests/${mine.body.id}`, { json: { status: 'quoted', notes: 'internal only' } });

    const list = await jo.get('/api/user/quote-requests');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: mine.body.id,
        reference: mine.body.reference,
        vehicle: validFields.vehicle,
        registration: validFields.registration,
        description: validFields.description,
        status: 'quoted',
        photo_count: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        replies: [],
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('internal only');
    expect((await jo.get(`/api/user/quote-requests/${mine.body.id}`)).body.status).toBe('quoted');
    expect((await jo.get(`/api/user/quote-requests/${theirs.body.id}`)).status).toBe(404);
    expect((await jo.get(`/api/user/quote-requests/${visitors.body.id}`)).status).toBe(404);
    expect((await jo.get('/api/user/quote-requests/999999')).status).toBe(404);
  });

  it('keeps a deleted account’s requests for the shop with the personal fields blanked', async () => {
    const { client, user } = await clientAs(t);
    const sent = await sendQuote(client, validFields, [await jpegFile()]);
    const { client: admin } = await adminClient(t);
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
    const row = await t.deps.db.selectFrom('quote_requests').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      name: 'Deleted user',
      email: '',
      telephone: null,
      registration: null,
      vehicle: validFields.vehicle,
      description: validFields.description,
      status: 'new',
    });
    expect(await count('quote_request_photos')).toBeGreaterThan(0);
    expect((await admin.get(`/api/quote-requests/${sent.body.id}`)).body.photos).toHaveLength(1);
  });
});

describe('retention', () => {
  it('reads QUOTE_PHOTO_RETENTION_DAYS: 365 by default, whole days only', () => {
    const base = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' };
    expect(loadConfig(base).quotePhotoRetentionDays).toBe(365);
    expect(loadConfig({ ...base, QUOTE_PHOTO_RETENTION_DAYS: '30' }).quotePhotoRetentionDays).toBe(30);
    expect(() => loadConfig({ ...base, QUOTE_PHOTO_RETENTION_DAYS: 'a year' })).toThrow(/^Invalid QUOTE_PHOTO_RETENTION_DAYS/);
    expect(() => loadConfig({ ...base, QUOTE_PHOTO_RETENTION_DAYS: '0' })).toThrow(/^Invalid QUOTE_PHOTO_RETENTION_DAYS/);
  });

  it('deletes the photos of requests closed longer than QUOTE_PHOTO_RETENTION_DAYS, once, even when two sweeps overlap', async () => {
    const old = await sendQuote(new TestClient(t.app), validFields, [await jpegFile()]);
    const recent = await sendQuote(new TestClient(t.app), validFields, [await jpegFile()]);
    const day = 24 * 60 * 60 * 1000;
    await t.deps.db
      .updateTable('quote_requests')
      .set({ status: 'closed', closed_at: new Date(Date.now() - 366 * day) })
      .where('id', '=', old.body.id)
      .execute();
    await t.deps.db
      .updateTable('quote_requests')
      .set({ status: 'closed', closed_at: new Date(Date.now() - 10 * day) })
      .where('id', '=', recent.body.id)
      .execute();
    const keysOf = async (id: number) =>
      (
        await t.deps.db.selectFrom('quote_request_photos').select(['large_key', 'thumb_key']).where('quote_request_id', '=', id).execute()
      ).flatMap((r) => [r.large_key, r.thumb_key]);
    const oldKeys = await keysOf(old.body.id);
    const recentKeys = await keysOf(recent.body.id);

    const [a, b] = await Promise.all([deleteExpiredQuotePhotos(t.deps), deleteExpiredQuotePhotos(t.deps)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const files = await storedFiles(t);
    for (const key of oldKeys) expect(files).not.toContain(key);
    for (const key of recentKeys) expect(files).toContain(key);
    const row = await t.deps.db.selectFrom('quote_requests').selectAll().where('id', '=', old.body.id).executeTakeFirstOrThrow();
    expect(row.photos_deleted_at).not.toBeNull();
    expect(await keysOf(old.body.id)).toEqual([]);
    expect(await deleteExpiredQuotePhotos(t.deps)).toBe(0);

    const { client: admin } = await adminClient(t);
    const detail = await admin.get(`/api/quote-requests/${old.body.id}`);
    expect(detail.body.photos).toEqual([]);
    expect(detail.body.photos_deleted_at).not.toBeNull();
  });

  it('the orphan sweep keeps photo files a row names and removes those none does', async () => {
    await sendQuote(new TestClient(t.app), validFields, [await jpegFile()]);
    await t.deps.storage.putBuffer('private/quotes/stray-l.webp', Buffer.from('stray'));
    const named = await quoteFiles();
    await sweepOrphanFiles(t.deps, Date.now() + 2 * 60 * 60 * 1000);
    const left = await quoteFiles();
    expect(left).not.toContain('private/quotes/stray-l.webp');
    expect(left).toEqual(named.filter((f) => f !== 'private/quotes/stray-l.webp'));
  });
});
