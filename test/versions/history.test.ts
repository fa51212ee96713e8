// History and restore, as the admin's screens and a third party call it: every save of
// a widget, a gallery, a testimonial and the shop record keeps a version (who, when, what), and a
// restore writes it back as a new version and refreshes the public snapshot like any save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createGallery, createTestimonial, createWidget, makeJpeg } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { testEngine } from '#test/support/database.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import { pruneVersions } from '#server/versions/version-pruning.ts';
import { sql } from 'kysely';

let t: TestApp;
let admin: TestClient;
let adminName: string;
const anon = () => new TestClient(t.app);

beforeAll(async () => {
  t = await createTestApp({}, { refreshSnapshotPerRequest: false });
  const signedIn = await adminClient(t);
  admin = signedIn.client;
  adminName = `${signedIn.user.firstname} ${signedIn.user.lastname}`;
});
afterAll(async () => {
  await t?.close();
});

interface Version {
  id: number;
  number: number;
  author: string | null;
  restored_from: number | null;
  created_at: string;
  data: Record<string, unknown>;
}

/** The newest page of an item's history, each version with its fields and pictures as Compare loads them. */
const history = async (kind: string, id: number) => {
  const res = await admin.get(`/api/content-history/${kind}/${id}`);
  expect(res.status).toBe(200);
  const page = res.body as { current: Record<string, unknown>; versions: Omit<Version, 'data'>[]; thumbs: Record<string, string> };
  const thumbs = { ...page.thumbs };
  const versions: Version[] = [];
  for (const summary of page.versions) {
    expect(summary).not.toHaveProperty('data');
    const detail = await admin.get(`/api/content-versions/${summary.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.version).toMatchObject(summary);
    Object.assign(thumbs, detail.body.thumbs);
    versions.push(detail.body.version as Version);
  }
  return { current: page.current, versions, thumbs };
};

describe(`a version for each kind of save on ${testEngine}`, () => {
  it('widget: create and each update keep a version; the first update keeps the state before it', async () => {
    const created = await admin.post('/api/widgets', { json: { name: 'HistoryNew', type: 'TEXT' } });
    expect(created.status).toBe(201);
    let h = await history('widget', created.body.id);
    expect(h.versions.map((v) => v.number)).toEqual([1]);
    expect(h.versions[0]!.author).toBe(adminName);

    // A widget from before history began: its first save keeps the old state first, with no author.
    const widget = await createWidget(t.deps.db, { name: 'HistoryOld', html: '<p>Old words</p>' });
    expect((await admin.post(`/api/widgets/${widget.id}`, { json: { html: '<p>New words</p>' } })).status).toBe(200);
    h = await history('widget', widget.id);
    expect(h.versions.map((v) => [v.number, v.author, v.data.html])).toEqual([
      [2, adminName, '<p>New words</p>'],
      [1, null, '<p>Old words</p>'],
    ]);
    expect(h.current).toMatchObject({ name: 'HistoryOld', html: '<p>New words</p>', type: 'TEXT', image_id: null });
    expect(new Date(h.versions[0]!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('widget image: the picture a version names stays, with its thumbnail, after it is replaced', async () => {
    const widget = await createWidget(t.deps.db, { name: 'HistoryImage', type: 'IMAGE' });
    const upload = (colour: string) =>
      makeJpeg(80, 60, colour).then((buffer) =>
        admin.post(`/api/widgets/${widget.id}`, {
          multipart: { alt: 'A car', image: { filename: 'car.jpg', contentType: 'image/jpeg', data: buffer } },
        }),
      );
    expect((await upload('#aa0000')).status).toBe(200);
    const first = (await history('widget', widget.id)).versions[0]!.data.image_id as number;
    expect((await upload('#00aa00')).status).toBe(200);
    const h = await history('widget', widget.id);
    expect(h.versions).toHaveLength(3);
    expect(h.current.image_id).not.toBe(first);
    // The replaced picture is kept for the version that names it.
    expect(h.thumbs[String(first)]).toMatch(/^\/media\/img\/[0-9a-f]{32}-t\.webp$/);
    expect((await anon().get(h.thumbs[String(first)]!)).status).toBe(200);
  });

  it('testimonial: create and update keep versions (REST and tRPC alike)', async () => {
    const created = await admin.post('/api/testimonials', { json: { name: 'Ann', score: 5, review: '<p>Lovely</p>' } });
    expect(created.status).toBe(201);
    expect(
      (await admin.post(`/api/testimonials/${created.body.id}`, { json: { name: 'Ann B', score: 4, review: '<p>Good</p>' } })).status,
    ).toBe(200);
    const h = await history('testimonial', created.body.id);
    expect(h.versions.map((v) => v.data)).toEqual([
      { name: 'Ann B', score: 4, review: '<p>Good</p>' },
      { name: 'Ann', score: 5, review: '<p>Lovely</p>' },
    ]);
  });

  it("gallery: name, visibility and its images' order, alt and link are kept", async () => {
    const { gallery, images } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 2 });
    expect((await admin.post(`/api/galleries/${gallery.id}`, { json: { name: 'Renamed', hidden: true } })).status).toBe(200);
    expect(
      (await admin.post('/api/galleriesimages/order', { json: { id: gallery.id, images: [{ id: images[1]!.id }, { id: images[0]!.id }] } }))
        .status,
    ).toBe(200);
    expect((await admin.post(`/api/galleriesimages/${images[0]!.id}`, { json: { alt: 'Wing, after', link: null } })).status).toBe(200);
    const h = await history('gallery', gallery.id);
    expect(h.versions.map((v) => v.number)).toEqual([4, 3, 2, 1]);
    expect(h.versions[3]!.data).toMatchObject({ name: gallery.name, hidden: false });
    expect((h.versions[3]!.data.images as { id: number }[]).map((i) => i.id)).toEqual([images[0]!.id, images[1]!.id]);
    expect((h.versions[1]!.data.images as { id: number }[]).map((i) => i.id)).toEqual([images[1]!.id, images[0]!.id]);
    expect(h.versions[0]!.data).toMatchObject({ name: 'Renamed', hidden: true });
    expect((h.versions[0]!.data.images as { alt: string }[]).map((i) => i.alt)).toEqual(['Image 2', 'Wing, after']);
    expect(Object.keys(h.thumbs)).toHaveLength(2);
  });

  it('shop record: each save keeps a version (item id 1)', async () => {
    expect((await admin.put('/api/shop', { json: { ...defaultShop, tagline: 'Dents gone, same day' } })).status).toBe(200);
    const h = await history('shop', 1);
    expect(h.versions.map((v) => v.data.tagline)).toEqual(['Dents gone, same day', defaultShop.tagline]);
    expect((await admin.get('/api/content-history/shop/2')).status).toBe(404);
  });
});

describe('restore', () => {
  it('round trip: the item takes the version back, as a new version, and the public read follows', async () => {
    const widget = await createWidget(t.deps.db, { name: 'HistoryRestore', html: '<p>First</p>' });
    await admin.post(`/api/widgets/${widget.id}`, { json: { html: '<p>Second</p>' } });
    expect((await anon().get('/api/widgets/HistoryRestore')).body.html).toBe('<p>Second</p>');
    const before = await history('widget', widget.id);
    const first = before.versions.find((v) => v.number === 1)!;

    const restored = await admin.post(`/api/content-versions/${first.id}/restore`, { json: {} });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ number: 3, restored_from: 1, author: adminName, data: { html: '<p>First</p>' } });
    // The public snapshot was rebuilt by the restore (this app does not rebuild per request).
    expect((await anon().get('/api/widgets/HistoryRestore')).body.html).toBe('<p>First</p>');
    const after = await history('widget', widget.id);
    // History is never rewritten: the versions before are all still there.
    expect(after.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(after.current.html).toBe('<p>First</p>');
    // The activity log has the restore, linked to the version it made.
    const entry = await t.deps.db
      .selectFrom('activity_entries')
      .selectAll()
      .where('kind', '=', 'content-restored')
      .where('item_id', '=', widget.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      item_type: 'widget',
      item_label: 'HistoryRestore',
      version_id: restored.body.id,
      details: 'version 1 restored',
    });
  });

  it('restores a gallery: order, alt and visibility; images removed since stay removed', async () => {
    const { gallery, images } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 3 });
    await admin.post(`/api/galleries/${gallery.id}`, { json: { hidden: false } });
    const baseline = (await history('gallery', gallery.id)).versions.at(-1)!;
    await admin.post('/api/galleriesimages/order', {
      json: { id: gallery.id, images: [{ id: images[2]!.id }, { id: images[1]!.id }, { id: images[0]!.id }] },
    });
    await admin.post(`/api/galleriesimages/${images[1]!.id}`, { json: { alt: 'Changed' } });
    expect((await admin.delete(`/api/galleriesimages/${images[2]!.id}`)).status).toBe(200);
    await admin.post(`/api/galleries/${gallery.id}`, { json: { hidden: true } });

    expect((await admin.post(`/api/content-versions/${baseline.id}/restore`, { json: {} })).status).toBe(200);
    const res = await admin.get(`/api/galleries/${gallery.id}`);
    expect(res.body.hidden).toBe(false);
    expect(res.body.images.map((i: { id: number; alt: string }) => [i.id, i.alt])).toEqual([
      [images[0]!.id, 'Image 1'],
      [images[1]!.id, 'Image 2'],
    ]);
  });

  it('restores the shop record and a testimonial', async () => {
    await admin.put('/api/shop', { json: { ...defaultShop, telephone: '01234 000000' } });
    const shop = await history('shop', 1);
    const older = shop.versions.find((v) => v.data.telephone !== '01234 000000')!;
    expect((await admin.post(`/api/content-versions/${older.id}/restore`, { json: {} })).status).toBe(200);
    expect((await anon().get('/api/shop')).body.telephone).toBe(older.data.telephone);

    const testimonial = await createTestimonial(t.deps.db, { name: 'Bob', review: '<p>Fine</p>' });
    await admin.post(`/api/testimonials/${testimonial.id}`, { json: { name: 'Robert', score: 5, review: '<p>Fine</p>' } });
    const v1 = (await history('testimonial', testimonial.id)).versions.at(-1)!;
    expect((await admin.post(`/api/content-versions/${v1.id}/restore`, { json: {} })).status).toBe(200);
    expect((await admin.get(`/api/testimonials/${testimonial.id}`)).body.name).toBe('Bob');
  });

  it('answers 409 when the item was deleted meanwhile, 404 for an unknown version', async () => {
    const testimonial = await createTestimonial(t.deps.db);
    await admin.post(`/api/testimonials/${testimonial.id}`, { json: { name: 'Gone soon', score: 3, review: '<p>x</p>' } });
    const version = (await history('testimonial', testimonial.id)).versions[0]!;
    expect((await admin.delete(`/api/testimonials/${testimonial.id}`)).status).toBe(200);
    const res = await admin.post(`/api/content-versions/${version.id}/restore`, { json: {} });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This item was deleted meanwhile.');
    expect((await admin.post('/api/content-versions/99999999/restore', { json: {} })).status).toBe(404);
    expect((await admin.get(`/api/content-history/testimonial/${testimonial.id}`)).status).toBe(404);
  });
});

describe('access', () => {
  it('only admins see history or restore, on both doors (401, 403), and bad input is a 422 per field', async () => {
    const widget = await createWidget(t.deps.db);
    await admin.post(`/api/widgets/${widget.id}`, { json: { html: '<p>v2</p>' } });
    const version = (await history('widget', widget.id)).versions[0]!;
    const guest = anon();
    await guest.csrf();
    expect((await guest.get(`/api/content-history/widget/${widget.id}`)).status).toBe(401);
    expect((await guest.post(`/api/content-versions/${version.id}/restore`, { json: {} })).status).toBe(401);
    const { client: user } = await clientAs(t, { role: 'user' });
    expect((await user.get(`/api/content-history/widget/${widget.id}`)).status).toBe(403);
    expect((await user.post(`/api/content-versions/${version.id}/restore`, { json: {} })).status).toBe(403);
    const bad = await admin.get('/api/content-history/page/1');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ kind: ['The selected kind is invalid.'] });
    const res = await admin.get(`/api/content-history/widget/${widget.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('pruning', () => {
  it('keeps a year or the newest N per item, whichever keeps more', async () => {
    const widget = await createWidget(t.deps.db, { name: 'HistoryPrune' });
    for (let i = 1; i <= 4; i++) await admin.post(`/api/widgets/${widget.id}`, { json: { html: `<p>${i}</p>` } });
    // Five versions; age all but the newest two past the keeping days.
    await sql`update content_versions set created_at = now() - interval '400 days' where item_kind = 'widget' and item_id = ${widget.id} and number <= 3`.execute(
      t.deps.db,
    );
    const deps = { ...t.deps, config: { ...t.deps.config, versionsKeepDays: 365, versionsKeepCount: 3 } };
    await pruneVersions(deps);
    // Kept: the two recent ones and, to make three, the newest old one.
    expect((await history('widget', widget.id)).versions.map((v) => v.number)).toEqual([5, 4, 3]);
    await pruneVersions({ ...deps, config: { ...deps.config, versionsKeepCount: 1 } });
    expect((await history('widget', widget.id)).versions.map((v) => v.number)).toEqual([5, 4]);
  });

  it('releases a picture (row and files) once no kept version or live row names it', async () => {
    const widget = await createWidget(t.deps.db, { name: 'HistoryPrunePicture', type: 'IMAGE' });
    const upload = async (colour: string) =>
      admin.post(`/api/widgets/${widget.id}`, {
        multipart: { alt: 'A van', image: { filename: 'van.jpg', contentType: 'image/jpeg', data: await makeJpeg(70, 50, colour) } },
      });
    await upload('#123456');
    const old = (await history('widget', widget.id)).current.image_id as number;
    const oldThumb = (await history('widget', widget.id)).thumbs[String(old)]!;
    await upload('#654321');
    expect((await anon().get(oldThumb)).status).toBe(200);
    await sql`update content_versions set created_at = now() - interval '400 days' where item_kind = 'widget' and item_id = ${widget.id}`.execute(
      t.deps.db,
    );
    await pruneVersions({ ...t.deps, config: { ...t.deps.config, versionsKeepDays: 365, versionsKeepCount: 1 } });
    const h = await history('widget', widget.id);
    expect(h.versions.map((v) => v.number)).toEqual([3]);
    expect(await t.deps.db.selectFrom('images').select('id').where('id', '=', old).executeTakeFirst()).toBeUndefined();
    expect((await anon().get(oldThumb)).status).toBe(404);
    expect(h.thumbs[String(h.current.image_id)]).toBeDefined();
  });
});
