// The public snapshot: public reads come from memory (a write straight into the database is not
// seen), every kind of write through the app is seen by the very next read, on both doors; the
// REST bodies are byte for byte what the procedures give; ETag and 304; a failed rebuild keeps
// the last good snapshot. This app does not refresh the snapshot per request (test/support/app.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createGallery, createTestimonial, createWidget, makeJpeg } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';
import { listenForServed, served } from '#test/support/served.ts';
import { PublicSnapshotStore, type PublicContent } from '#server/public-content/public-snapshot.ts';
import { getWidgetByName } from '#server/widgets/widgets.service.ts';
import { getGallery, listGalleries } from '#server/galleries/galleries.service.ts';
import { listTestimonials } from '#server/testimonials/testimonials.service.ts';
import { galleryPageSchema, gallerySchema, testimonialPageSchema, widgetSchema } from '#shared/schemas/content.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import { getShop } from '#server/shop/shop.service.ts';
import { shopSchema } from '#shared/schemas/shop.ts';

let t: TestApp;
let baseUrl: string;
let admin: TestClient;
const anon = () => new TestClient(t.app);
let widgetId: number;
let galleryId: number;
let imageIds: number[];

beforeAll(async () => {
  t = await createTestApp({}, { refreshSnapshotPerRequest: false });
  // Fixtures go straight into the database; one refresh makes them public, as a start would.
  widgetId = (await createWidget(t.deps.db, { name: 'SnapText', html: '<p>First</p>' })).id;
  const created = await createGallery(t.deps.db, t.deps.storage, { name: 'Snap gallery', imageCount: 3 });
  galleryId = created.gallery.id;
  imageIds = created.images.map((image) => image.id);
  for (let i = 0; i < 14; i++) await createTestimonial(t.deps.db, { name: `Reviewer ${i}` });
  await t.deps.publicContent.refresh();
  ({ client: admin } = await adminClient(t));
  baseUrl = await listenForServed(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => served(baseUrl, url, headers);

const widgetHtml = async () => (await anon().get('/api/widgets/SnapText')).body.html as string;
const publicGallery = async () => anon().get(`/api/galleries/${galleryId}`);

describe('public reads', () => {
  it('come from memory: a change made behind the app is not seen until a refresh', async () => {
    await t.deps.db.updateTable('widgets').set({ html: '<p>Behind the app</p>' }).where('id', '=', widgetId).execute();
    expect(await widgetHtml()).toBe('<p>First</p>');
    const caller = await callerFor(t);
    expect((await caller.widgets.byKey({ x: 'SnapText' })).html).toBe('<p>First</p>');
    await t.deps.publicContent.refresh();
    expect(await widgetHtml()).toBe('<p>Behind the app</p>');
  });

  it('send the same bytes the procedures would, with a strong ETag, and 304 for If-None-Match', async () => {
    const deps = t.deps;
    const expected: [string, string][] = [
      ['/api/widgets/SnapText', JSON.stringify(widgetSchema.parse(await getWidgetByName(deps, 'SnapText')))],
      [`/api/galleries/${galleryId}`, JSON.stringify(gallerySchema.parse(await getGallery(deps, galleryId, { canSeeHidden: false })))],
      ['/api/galleries?hidden=false', JSON.stringify(galleryPageSchema.parse(await listGalleries(deps, { hidden: false })))],
      ['/api/testimonials?page=0', JSON.stringify(testimonialPageSchema.parse(await listTestimonials(deps, { page: 0 })))],
      [
        '/api/testimonials?page=1&limit=5',
        JSON.stringify(testimonialPageSchema.parse(await listTestimonials(deps, { page: 1, limit: 5 }))),
      ],
      ['/api/shop', JSON.stringify(shopSchema.parse(await getShop(deps)))],
    ];
    const site = (await get('/healthz')).headers;
    for (const [url, body] of expected) {
      const first = await get(url);
      for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']) {
        expect(first.headers[header], `${url} ${header}`).toBe(site[header]);
      }
      expect(first.status, url).toBe(200);
      expect(first.text, url).toBe(body);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.status, url).toBe(304);
      expect(again.text).toBe('');
      expect((await get(url, { 'if-none-match': '"other", W/' + etag })).status).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).status).toBe(200);
    }
  });

  it('are compressed once for browsers that accept it, and a small answer is not', async () => {
    const plain = await get(`/api/galleries/${galleryId}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const compressed = await get(`/api/galleries/${galleryId}`, { 'accept-encoding': accept });
        expect(compressed.headers['content-encoding'], accept).toBe(encoding);
        expect(Number(compressed.headers['content-length'])).toBe(compressed.body.length);
        expect(compressed.headers.etag).toBe(plain.headers.etag);
        expect(decoders[encoding](compressed.body).equals(plain.body), accept).toBe(true);
      }
    }
    const small = await get('/api/widgets/SnapText', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.text)).toMatchObject({ name: 'SnapText' });
  });

  it('keep the contract for what the snapshot does not hold: 404, 422 and the admin lists', async () => {
    expect((await anon().get('/api/widgets/NoSuchWidget')).status).toBe(404);
    expect((await anon().get('/api/galleries/999999')).body).toEqual({ message: 'Not Found.' });
    expect((await anon().get('/api/galleries/abc')).status).toBe(422);
    expect((await anon().get('/api/testimonials?page=-1')).status).toBe(422);
    expect((await anon().get('/api/galleries?limit=12&page=0')).status).toBe(401);
    expect((await admin.get('/api/galleries?limit=12&page=0')).status).toBe(200);
  });
});

describe('after a write through the app, the next public read shows it', () => {
  it('widget: html and image', async () => {
    expect((await admin.post(`/api/widgets/${widgetId}`, { json: { html: '<p>Edited</p>' } })).status).toBe(200);
    expect(await widgetHtml()).toBe('<p>Edited</p>');
    const before = (await anon().get('/api/widgets/SnapText')).body.image_url;
    const withImage = await admin.post(`/api/widgets/${widgetId}`, {
      multipart: { image: { filename: 'w.jpg', data: await makeJpeg(120, 80) } },
    });
    expect(withImage.status).toBe(200);
    const after = (await anon().get('/api/widgets/SnapText')).body.image_url;
    expect(after).not.toBe(before);
    expect(after).toBe(withImage.body.image_url);
  });

  it('widget: created through REST, and through tRPC over HTTP as the client does', async () => {
    const created = await admin.post('/api/widgets', { json: { name: 'SnapNew' } });
    expect(created.status).toBe(201);
    expect((await anon().get('/api/widgets/SnapNew')).status).toBe(200);
    const viaTrpc = await admin.post('/trpc/widgets.create', { json: { name: 'SnapTrpc' } });
    expect(viaTrpc.status).toBe(200);
    expect((await anon().get('/api/widgets/SnapTrpc')).status).toBe(200);
    expect(
      (await anon().get('/trpc/widgets.byKey?input=' + encodeURIComponent(JSON.stringify({ x: 'SnapTrpc' })))).body.result.data.name,
    ).toBe('SnapTrpc');
  });

  it('gallery: name, hidden, cover; images: upload, alt, reorder, rotate, delete', async () => {
    await admin.post(`/api/galleries/${galleryId}`, { json: { name: 'Renamed gallery' } });
    expect((await publicGallery()).body.name).toBe('Renamed gallery');
    expect((await anon().get('/api/galleries?hidden=false')).body.results.map((g: { name: string }) => g.name)).toContain(
      'Renamed gallery',
    );

    const cover = await admin.post(`/api/galleries/${galleryId}`, {
      multipart: { image: { filename: 'c.jpg', data: await makeJpeg(200, 100) } },
    });
    expect((await publicGallery()).body.image_url).toBe(cover.body.image_url);

    const upload = await admin.post('/api/galleriesimages', {
      multipart: { gallery_id: String(galleryId), file: { filename: 'n.jpg', data: await makeJpeg(90, 60) } },
    });
    expect(upload.status).toBe(201);
    expect((await publicGallery()).body.images.map((i: { id: number }) => i.id)).toEqual([...imageIds, upload.body.id]);

    await admin.post(`/api/galleriesimages/${upload.body.id}`, { json: { alt: 'A new alt' } });
    expect((await publicGallery()).body.images.at(-1).alt).toBe('A new alt');

    const order = [upload.body.id, ...imageIds.toReversed()];
    expect((await admin.post('/api/galleriesimages/order', { json: { id: galleryId, images: order.map((id) => ({ id })) } })).status).toBe(
      200,
    );
    expect((await publicGallery()).body.images.map((i: { id: number }) => i.id)).toEqual(order);

    const rotated = await admin.post(`/api/galleriesimages/${upload.body.id}/rotate`, { json: {} });
    expect((await publicGallery()).body.images[0].image_url).toBe(rotated.body.image_url);

    expect((await admin.delete(`/api/galleriesimages/${upload.body.id}`)).status).toBe(200);
    expect((await publicGallery()).body.images.map((i: { id: number }) => i.id)).toEqual(imageIds.toReversed());

    await admin.post(`/api/galleries/${galleryId}`, { json: { hidden: true } });
    expect((await publicGallery()).status).toBe(404);
    expect((await admin.get(`/api/galleries/${galleryId}`)).status).toBe(200);
    await admin.post(`/api/galleries/${galleryId}`, { json: { hidden: false } });
    expect((await publicGallery()).status).toBe(200);
  });

  it('whatever the URL spelling: a write to a percent-encoded path is seen by the next read, fast path included', async () => {
    const hide = await admin.post(`/api/%67alleries/${galleryId}`, { json: { hidden: 1 } });
    expect(hide.status).toBe(200);
    expect((await get(`/api/galleries/${galleryId}`)).status).toBe(404);
    expect((await publicGallery()).status).toBe(404);
    const show = await admin.post(`/trpc/%67alleries.update`, { json: { id: galleryId, hidden: false } });
    expect(show.status).toBe(200);
    expect((await get(`/api/galleries/${galleryId}`)).status).toBe(200);
    expect((await publicGallery()).status).toBe(200);
  });

  it('gallery: created and deleted', async () => {
    const created = await admin.post('/api/galleries', { json: { name: 'Short-lived' } });
    expect((await anon().get(`/api/galleries/${created.body.id}`)).body).toMatchObject({ name: 'Short-lived', images: [] });
    await admin.delete(`/api/galleries/${created.body.id}`);
    expect((await anon().get(`/api/galleries/${created.body.id}`)).status).toBe(404);
  });

  it('testimonials: created, updated and deleted', async () => {
    const created = await admin.post('/api/testimonials', { json: { name: 'Newest', score: 4, review: '<p>Quick and tidy.</p>' } });
    expect(created.status).toBe(201);
    const first = async () => (await anon().get('/api/testimonials?page=0')).body.results[0];
    expect(await first()).toMatchObject({ id: created.body.id, name: 'Newest' });
    await admin.post(`/api/testimonials/${created.body.id}`, { json: { name: 'Newest', score: 5, review: '<p>Changed.</p>' } });
    expect(await first()).toMatchObject({ score: 5, review: '<p>Changed.</p>' });
    await admin.delete(`/api/testimonials/${created.body.id}`);
    expect((await first()).id).not.toBe(created.body.id);
  });

  it('shop: replaced through REST, and through tRPC over HTTP as the client does', async () => {
    const name = async () => (await anon().get('/api/shop')).body.name as string;
    expect((await admin.put('/api/shop', { json: { ...defaultShop, name: 'Snap Shop' } })).status).toBe(200);
    expect(await name()).toBe('Snap Shop');
    expect((await admin.post('/trpc/shop.update', { json: { ...defaultShop, name: 'Snap Shop 2' } })).status).toBe(200);
    expect(await name()).toBe('Snap Shop 2');
    expect((await admin.put('/api/shop', { json: defaultShop })).status).toBe(200);
    expect(await name()).toBe(defaultShop.name);
  });

  it('bookings: the next free estimate moves on when its slot is booked, and back when it is cancelled', async () => {
    const summary = async () =>
      (await anon().get('/api/booking-summary')).body as { next_free_estimate: { starts_at: string; label: string } };
    const first = (await summary()).next_free_estimate;
    expect(first.label).toMatch(/^[A-Z][a-z]+day (\d+ [A-Z][a-z]+, )?\d\d:\d\d$/);
    const visitor = anon();
    await visitor.csrf();
    const typeId = (await anon().get('/api/booking-types')).body.data[0].id as number;
    const booked = await visitor.post('/api/bookings', {
      json: {
        booking_type_id: typeId,
        starts_at: first.starts_at,
        name: 'Snap Booker',
        email: 'snap@example.com',
        telephone: '07700 900000',
        vehicle: 'Van',
      },
    });
    expect(booked.status, booked.text).toBe(201);
    expect((await summary()).next_free_estimate.starts_at > first.starts_at).toBe(true);
    // Cancelled by the shop: the first free slot is often within the customer's 24-hour change
    // cut-off (after 09:00, tomorrow's 09:00 is), where the manage link no longer cancels.
    const { id } = await t.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('reference', '=', booked.body.reference)
      .executeTakeFirstOrThrow();
    expect((await admin.post(`/api/admin/bookings/${id}/cancel`, { json: { reason: 'Snapshot test' } })).status).toBe(200);
    expect((await summary()).next_free_estimate.starts_at).toBe(first.starts_at);
  });

  it('a refused write leaves the snapshot as it was', async () => {
    const version = t.deps.publicContent.current()!.version;
    expect((await admin.post(`/api/widgets/${widgetId}`, { json: { name: '1bad' } })).status).toBe(422);
    expect(t.deps.publicContent.current()!.version).toBe(version);
  });
});

describe('the snapshot store', () => {
  const content = (name: string): PublicContent => ({
    widgets: [{ id: 1, name, type: 'TEXT', html: '', image_url: null, alt: '', image: null }],
    galleryList: [],
    galleries: [],
    testimonials: [],
    shop: defaultShop,
    changedAt: { pages: null, galleries: new Map() },
    withheldMedia: new Set(),
  });

  it('keeps the last good snapshot when a rebuild fails, and logs it', async () => {
    const logged: unknown[] = [];
    let fail = false;
    const store = new PublicSnapshotStore(
      async () => {
        if (fail) throw new Error('database unavailable');
        return content('Good');
      },
      pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
    );
    await store.refresh();
    fail = true;
    await store.refresh();
    expect(store.current()?.widget('Good')).toBeDefined();
    expect(store.current()?.version).toBe(1);
    expect(logged).toEqual([expect.objectContaining({ msg: expect.stringContaining('rebuild failed') })]);
  });

  it('coalesces refreshes: each caller waits for a build that started after it, and no more builds run than needed', async () => {
    let builds = 0;
    let release!: () => void;
    const store = new PublicSnapshotStore(
      async () => {
        builds += 1;
        if (builds === 1) await new Promise<void>((resolve) => (release = resolve));
        return content(`Build${builds}`);
      },
      pino({ level: 'silent' }),
    );
    const first = store.refresh();
    await new Promise((r) => setTimeout(r, 10));
    // Ten writes land while the first build runs: one more build serves them all.
    const later = Array.from({ length: 10 }, () => store.refresh());
    release();
    await Promise.all([first, ...later]);
    expect(builds).toBe(2);
    expect(store.current()?.widget('Build2')).toBeDefined();
  });
});
