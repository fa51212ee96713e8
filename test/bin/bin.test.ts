// The bin (docs/rest-contract.md "Activity log and bin", docs/decisions/bin-as-soft-delete.md):
// a deleted gallery, testimonial or widget leaves every read but keeps its rows and files; restored
// whole (a gallery with its images), deleted for good with its files, emptied after BIN_KEEP_DAYS;
// 409 for what is no longer in the bin and for a widget name taken meanwhile; admins only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createWidget, makeJpeg } from '#test/support/factories.ts';
import { adminClient, clientAs, storedFiles } from '#test/support/content.ts';
import { appErrorOf } from '#server/trpc.ts';
import { emptyBin } from '#server/bin/bin.service.ts';
import { moveWidgetToBin } from '#server/widgets/widgets.service.ts';
import { sweepOrphanFiles } from '#server/files/orphan-sweep.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';

let t: TestApp;
let admin: TestClient;
let adminName: string;
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await adminClient(t);
  admin = signedIn.client;
  adminName = `${signedIn.user.firstname} ${signedIn.user.lastname}`;
});
afterAll(async () => {
  await t?.close();
});

/** A gallery with two images of their own (distinct bytes, so distinct content-addressed files). */
async function galleryWithImages(name: string) {
  const before = await storedFiles(t);
  const { body } = await admin.post('/api/galleries', { json: { name } });
  for (const colour of ['#aa1100', '#11aa00']) {
    const upload = await admin.post('/api/galleriesimages', {
      multipart: { gallery_id: String(body.id), file: { filename: 'a.jpg', data: await makeJpeg(70 + name.length, 50, colour) } },
    });
    expect(upload.status).toBe(201);
  }
  const files = (await storedFiles(t)).filter((f) => !before.includes(f));
  expect(files.length).toBeGreaterThanOrEqual(6);
  return { id: body.id as number, files };
}

async function inBin() {
  const res = await admin.get('/api/bin');
  expect(res.status).toBe(200);
  expect(res.body.keep_days).toBe(30);
  return res.body.data as Array<{
    kind: string;
    id: number;
    name: string;
    image_count: number | null;
    deleted_by: string | null;
    deleted_at: string;
    purge_after: string;
  }>;
}

describe('a testimonial', () => {
  it('is binned by the delete, restored into the carousel, then deleted for good; 409 once it is gone', async () => {
    const created = await admin.post('/api/testimonials', { json: { name: 'Binned Bob', score: 5, review: '<p>Lovely</p>' } });
    const id = created.body.id;
    const names = async () =>
      (await new TestClient(t.app).get('/api/testimonials?limit=100')).body.results.map((r: { name: string }) => r.name);
    expect(await names()).toContain('Binned Bob');

    const deleted = await admin.delete(`/api/testimonials/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('""');
    expect(await names()).not.toContain('Binned Bob');
    expect((await admin.get(`/api/testimonials/${id}`)).status).toBe(404);
    expect((await admin.post(`/api/testimonials/${id}`, { json: { name: 'X', score: 1, review: '<p>x</p>' } })).status).toBe(404);
    expect((await admin.delete(`/api/testimonials/${id}`)).status).toBe(404);
    const item = (await inBin()).find((i) => i.kind === 'testimonial' && i.id === id);
    expect(item).toMatchObject({ name: 'Binned Bob', deleted_by: adminName, image_count: null });
    expect(new Date(item!.purge_after).getTime() - new Date(item!.deleted_at).getTime()).toBe(30 * 24 * 60 * 60 * 1000);

    expect((await admin.post(`/api/bin/testimonial/${id}/restore`)).status).toBe(204);
    expect(await names()).toContain('Binned Bob');
    expect((await admin.get(`/api/testimonials/${id}`)).body).toMatchObject({ name: 'Binned Bob', review: '<p>Lovely</p>' });
    expect((await inBin()).some((i) => i.kind === 'testimonial' && i.id === id)).toBe(false);
    // Restored already: a second restore is a clear 409.
    const again = await admin.post(`/api/bin/testimonial/${id}/restore`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This testimonial is no longer in the bin: it was restored or deleted for good meanwhile.');

    await admin.delete(`/api/testimonials/${id}`);
    expect((await admin.delete(`/api/bin/testimonial/${id}`)).status).toBe(204);
    expect(await t.deps.db.selectFrom('testimonials').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await admin.post(`/api/bin/testimonial/${id}/restore`)).status).toBe(409);
    expect((await admin.delete(`/api/bin/testimonial/${id}`)).status).toBe(409);
    const kinds = await t.deps.db
      .selectFrom('activity_entries')
      .select('kind')
      .where('item_type', '=', 'testimonial')
      .where('item_id', '=', id)
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['content-saved', 'content-deleted', 'bin-restored', 'content-deleted', 'bin-purged']);
  });
});

describe('a gallery', () => {
  it('is binned with its images and files, restored whole, and deleted for good with its files', async () => {
    const { id, files } = await galleryWithImages('Bin gallery');
    const before = (await admin.get(`/api/galleries/${id}`)).body;
    expect(before.images).toHaveLength(2);

    expect((await admin.delete(`/api/galleries/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/galleries/${id}`)).status).toBe(404);
    const publicList = (await new TestClient(t.app).get('/api/galleries?hidden=false')).body.results.map((g: { id: number }) => g.id);
    expect(publicList).not.toContain(id);
    const adminList = (await admin.get('/api/galleries?limit=100')).body.results.map((g: { id: number }) => g.id);
    expect(adminList).not.toContain(id);
    // Its images are gone with it for every edit path.
    expect((await admin.post(`/api/galleriesimages/${before.images[0].id}`, { json: { alt: 'x' } })).status).toBe(404);
    expect((await admin.delete(`/api/galleriesimages/${before.images[0].id}`)).status).toBe(404);
    const uploadToBinned = await admin.post('/api/galleriesimages', {
      multipart: { gallery_id: String(id), file: { filename: 'c.jpg', data: await makeJpeg(33, 33, '#123456') } },
    });
    expect(uploadToBinned.status).toBe(422);
    // Its files stay, and the orphan sweep (even an hour on) keeps them: the rows still name them.
    expect(await storedFiles(t)).toEqual(expect.arrayContaining(files));
    await sweepOrphanFiles(t.deps, Date.now() + 2 * 60 * 60 * 1000);
    expect(await storedFiles(t)).toEqual(expect.arrayContaining(files));
    expect((await inBin()).find((i) => i.kind === 'gallery' && i.id === id)).toMatchObject({ name: 'Bin gallery', image_count: 2 });

    expect((await admin.post(`/api/bin/gallery/${id}/restore`)).status).toBe(204);
    const after = (await admin.get(`/api/galleries/${id}`)).body;
    expect(after).toEqual(before);
    for (const image of after.images) expect((await new TestClient(t.app).get(image.image_url)).status).toBe(200);
    expect((await new TestClient(t.app).get('/api/galleries?hidden=false')).body.results.map((g: { id: number }) => g.id)).toContain(id);

    expect((await admin.delete(`/api/galleries/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/bin/gallery/${id}`)).status).toBe(204);
    const left = await storedFiles(t);
    expect(files.filter((f) => left.includes(f))).toEqual([]);
    expect(await t.deps.db.selectFrom('gallery_images').select('id').where('gallery_id', '=', id).execute()).toEqual([]);
    expect((await admin.post(`/api/bin/gallery/${id}/restore`)).status).toBe(409);
  });
});

describe('a widget', () => {
  it('leaves the pages while binned; its name can be taken again, and restoring it then is a 409', async () => {
    const widget = await createWidget(t.deps.db, { name: 'BinnedWidget', html: '<p>First</p>' });
    await moveWidgetToBin(t.deps, widget.id, SYSTEM_ACTOR);
    await t.deps.publicContent.refresh();
    expect((await new TestClient(t.app).get('/api/widgets/BinnedWidget')).status).toBe(404);
    expect((await admin.get(`/api/widgets/${widget.id}`)).status).toBe(404);
    expect((await admin.get('/api/widgets')).body.results.map((w: { id: number }) => w.id)).not.toContain(widget.id);

    const second = await admin.post('/api/widgets', { json: { name: 'BinnedWidget' } });
    expect(second.status).toBe(201);
    const clash = await admin.post(`/api/bin/widget/${widget.id}/restore`);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(
      'A widget named “BinnedWidget” exists again. Rename or delete that widget first, then restore this one.',
    );

    await admin.post(`/api/widgets/${second.body.id}`, { json: { name: 'RenamedWidget' } });
    expect((await admin.post(`/api/bin/widget/${widget.id}/restore`)).status).toBe(204);
    expect((await new TestClient(t.app).get('/api/widgets/BinnedWidget')).body).toMatchObject({ id: widget.id, html: '<p>First</p>' });

    await moveWidgetToBin(t.deps, widget.id, SYSTEM_ACTOR);
    expect((await admin.delete(`/api/bin/widget/${widget.id}`)).status).toBe(204);
    expect(await t.deps.db.selectFrom('widgets').select('id').where('id', '=', widget.id).executeTakeFirst()).toBeUndefined();
  });
});

describe("a binned item's images", () => {
  async function upload(galleryId: number, colour: string) {
    const res = await admin.post('/api/galleriesimages', {
      multipart: { gallery_id: String(galleryId), file: { filename: 'a.jpg', data: await makeJpeg(64, 48, colour) } },
    });
    expect(res.status, res.text).toBe(201);
  }
  const urlsOf = async (id: number) =>
    ((await admin.get(`/api/galleries/${id}`)).body.images as { image_url: string; thumb_url?: string }[]).map((i) => i.image_url);
  const statusOf = async (url: string) => (await new TestClient(t.app).get(url)).status;

  it('answer 404 while the gallery is in the bin and 200 again once it is restored', async () => {
    const { id } = await galleryWithImages('Withheld gallery');
    const urls = await urlsOf(id);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(await statusOf(url)).toBe(200);
    expect((await admin.delete(`/api/galleries/${id}`)).status).toBe(200);
    for (const url of urls) {
      const res = await new TestClient(t.app).get(url);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await admin.post(`/api/bin/gallery/${id}/restore`)).status).toBe(204);
    for (const url of urls) expect(await statusOf(url)).toBe(200);
  });

  it('are withheld from the snapshot’s set: serving or refusing one asks the database nothing', async () => {
    const { id } = await galleryWithImages('Counted gallery');
    const [url] = await urlsOf(id);
    const key = `public/${url!.slice('/media/'.length)}`;
    expect(t.deps.publicContent.current()!.isMediaWithheld(key)).toBe(false);
    const executor = t.deps.db.getExecutor();
    const queries = vi.spyOn(executor, 'executeQuery');
    // The test app runs the queued jobs after every request (a query of its own): not the app's.
    const drain = vi.spyOn(t.deps.jobs, 'drain').mockResolvedValue(undefined);
    try {
      // The count sees the app's queries: an admin's read makes some.
      expect((await admin.get(`/api/galleries/${id}`)).status).toBe(200);
      expect(queries.mock.calls.length).toBeGreaterThan(0);
      queries.mockClear();
      expect(await statusOf(url!)).toBe(200);
      expect(queries).not.toHaveBeenCalled();

      expect((await admin.delete(`/api/galleries/${id}`)).status).toBe(200);
      expect(t.deps.publicContent.current()!.isMediaWithheld(key)).toBe(true);
      queries.mockClear();
      expect(await statusOf(url!)).toBe(404);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      drain.mockRestore();
    }
    expect((await admin.post(`/api/bin/gallery/${id}/restore`)).status).toBe(204);
    expect(t.deps.publicContent.current()!.isMediaWithheld(key)).toBe(false);
    expect(await statusOf(url!)).toBe(200);
  });

  it('an image a live gallery also uses (the same file) stays served', async () => {
    const binned = (await admin.post('/api/galleries', { json: { name: 'Binned twin' } })).body.id as number;
    const live = (await admin.post('/api/galleries', { json: { name: 'Live twin' } })).body.id as number;
    await upload(binned, '#5a3c9e');
    await upload(live, '#5a3c9e');
    await upload(binned, '#9e3c5a');
    const [shared, own] = await urlsOf(binned);
    expect((await urlsOf(live))[0]).toBe(shared);
    expect((await admin.delete(`/api/galleries/${binned}`)).status).toBe(200);
    expect(await statusOf(shared!)).toBe(200);
    expect(await statusOf(own!)).toBe(404);
  });
});

describe('the emptying job', () => {
  it('deletes for good what has been in the bin longer than BIN_KEEP_DAYS, with its files, and keeps the rest', async () => {
    const old = await galleryWithImages('Old binned gallery');
    const recent = await admin.post('/api/testimonials', { json: { name: 'Recently binned', score: 3, review: '<p>Ok</p>' } });
    await admin.delete(`/api/galleries/${old.id}`);
    await admin.delete(`/api/testimonials/${recent.body.id}`);
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    await t.deps.db
      .updateTable('galleries')
      .set({ deleted_at: days(31) })
      .where('id', '=', old.id)
      .execute();
    await t.deps.db
      .updateTable('testimonials')
      .set({ deleted_at: days(29) })
      .where('id', '=', recent.body.id)
      .execute();

    expect(await emptyBin(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.selectFrom('galleries').select('id').where('id', '=', old.id).executeTakeFirst()).toBeUndefined();
    const left = await storedFiles(t);
    expect(old.files.filter((f) => left.includes(f))).toEqual([]);
    expect((await inBin()).some((i) => i.kind === 'testimonial' && i.id === recent.body.id)).toBe(true);
    const purged = await t.deps.db
      .selectFrom('activity_entries')
      .select(['actor_label', 'item_label'])
      .where('kind', '=', 'bin-purged')
      .where('item_id', '=', old.id)
      .execute();
    expect(purged).toEqual([{ actor_label: 'System', item_label: 'Old binned gallery' }]);
    // Run twice (a retried job): nothing more to do, nothing fails.
    expect(await emptyBin(t.deps)).toBe(0);
  }, 60_000);
});

describe('admins only, on both doors', () => {
  it('401 for a visitor, 403 for a user, 422 for a bad kind or id', async () => {
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    expect((await visitor.get('/api/bin')).status).toBe(401);
    expect((await visitor.post('/api/bin/gallery/1/restore')).status).toBe(401);
    expect((await visitor.delete('/api/bin/gallery/1')).status).toBe(401);
    const { client, user } = await clientAs(t);
    expect((await client.get('/api/bin')).status).toBe(403);
    expect((await client.post('/api/bin/gallery/1/restore')).status).toBe(403);
    expect((await client.delete('/api/bin/testimonial/1')).status).toBe(403);
    await expect((await callerFor(t)).bin.list({})).rejects.toSatisfy((e) => appErrorOf(e).code === 'UNAUTHENTICATED');
    await expect((await callerFor(t, user.id)).bin.restore({ kind: 'gallery', id: 1 })).rejects.toSatisfy(
      (e) => appErrorOf(e).code === 'FORBIDDEN',
    );
    const bad = await admin.post('/api/bin/users/1/restore');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['kind']);
    expect((await admin.delete('/api/bin/gallery/abc')).body.errors).toHaveProperty('id');
    expect((await admin.get('/api/bin')).headers['cache-control']).toContain('no-store');
  });
});
