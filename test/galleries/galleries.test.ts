import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createAdmin, createGallery, createImage, createWidget, makeJpeg } from '#test/support/factories.ts';
import { adminClient, clientAs, forgetHistory, storedFiles, tempFiles } from '#test/support/content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const countRows = async (table: 'images' | 'gallery_images' | 'galleries') =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('listing and reading', () => {
  it('lists visible galleries to the public with hidden=false; other lists need an admin', async () => {
    const { gallery: visible } = await createGallery(t.deps.db, t.deps.storage, { name: 'Visible', imageCount: 1 });
    const { gallery: hidden } = await createGallery(t.deps.db, t.deps.storage, { name: 'Hidden', hidden: true, imageCount: 1 });
    const anon = new TestClient(t.app);
    const res = await anon.get('/api/galleries?hidden=false');
    expect(res.status).toBe(200);
    const ids = res.body.results.map((g: { id: number }) => g.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(hidden.id);
    expect(res.body.results[0]).not.toHaveProperty('images');
    expect(res.body.total).toBe(res.body.results.length);

    expect((await anon.get('/api/galleries')).status).toBe(401);
    expect((await anon.get('/api/galleries?limit=12&page=0')).status).toBe(401);
    const { client: user } = await clientAs(t);
    expect((await user.get('/api/galleries?limit=12&page=0')).status).toBe(403);

    const { client: admin } = await adminClient(t);
    const all = await admin.get('/api/galleries?limit=12&page=0');
    expect(all.status).toBe(200);
    expect(all.body.results.map((g: { id: number }) => g.id)).toEqual(expect.arrayContaining([visible.id, hidden.id]));
  });

  it('lists no empty gallery publicly, and shows a gallery without a cover by its first image', async () => {
    const { gallery: empty } = await createGallery(t.deps.db, t.deps.storage, { name: 'Empty' });
    const { gallery: uncovered, images } = await createGallery(t.deps.db, t.deps.storage, { name: 'Uncovered', imageCount: 2 });
    // The first image is the one at position 0, whatever its id.
    await t.deps.db.updateTable('gallery_images').set({ position: 5 }).where('id', '=', images[0]!.id).execute();
    const anon = new TestClient(t.app);
    const res = await anon.get('/api/galleries?hidden=false');
    const byId = new Map(res.body.results.map((g: { id: number }) => [g.id, g]));
    expect(byId.has(empty.id)).toBe(false);
    expect(res.body.total).toBe(res.body.results.length);
    const firstImage = await anon.get(`/api/galleries/${uncovered.id}`);
    expect(firstImage.body.images[0].id).toBe(images[1]!.id);
    expect(byId.get(uncovered.id)).toMatchObject({ image_url: firstImage.body.images[0].image_url });
    expect((await anon.get(String((byId.get(uncovered.id) as { image_url: string }).image_url))).status).toBe(200);

    const { client: admin } = await adminClient(t);
    const all = await admin.get('/api/galleries?limit=100&page=0');
    expect(all.body.results.map((g: { id: number }) => g.id)).toContain(empty.id);
  });

  it('pages the admin list from zero with the total', async () => {
    for (let i = 0; i < 13; i++) await createGallery(t.deps.db, t.deps.storage, { name: `Paged ${i}` });
    const { client } = await adminClient(t);
    const total = await countRows('galleries');
    const first = await client.get('/api/galleries?limit=12&page=0');
    const second = await client.get('/api/galleries?limit=12&page=1');
    expect(first.body.results).toHaveLength(12);
    expect(first.body.total).toBe(total);
    expect(second.body.results).toHaveLength(total - 12);
    expect((await client.get('/api/galleries?limit=-1')).status).toBe(422);
    expect((await client.get('/api/galleries?hidden=maybe')).status).toBe(422);
  });

  it('reads a gallery with its images in position order; a hidden one is 404 to the public', async () => {
    const { gallery, images } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 3 });
    await t.deps.db.updateTable('gallery_images').set({ position: 10 }).where('id', '=', images[0]!.id).execute();
    const res = await new TestClient(t.app).get(`/api/galleries/${gallery.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: gallery.id, name: gallery.name, hidden: false, image_url: null });
    expect(res.body.images.map((i: { id: number }) => i.id)).toEqual([images[1]!.id, images[2]!.id, images[0]!.id]);
    expect(res.body.images[0]).toEqual({
      id: images[1]!.id,
      gallery_id: gallery.id,
      image_url: expect.stringMatching(/^\/media\/img\/.+-l\.webp$/),
      alt: 'Image 2',
      link: null,
      position: 1,
      image: expect.objectContaining({ large_width: 64, large_height: 48 }),
    });

    const { gallery: secret } = await createGallery(t.deps.db, t.deps.storage, { hidden: true });
    expect((await new TestClient(t.app).get(`/api/galleries/${secret.id}`)).status).toBe(404);
    const { client: user } = await clientAs(t);
    expect((await user.get(`/api/galleries/${secret.id}`)).status).toBe(404);
    const { client: admin } = await adminClient(t);
    expect((await admin.get(`/api/galleries/${secret.id}`)).status).toBe(200);
    expect((await admin.get('/api/galleries/999999')).body).toEqual({ message: 'Not Found.' });
    expect((await admin.get('/api/galleries/abc')).status).toBe(422);
  });
});

describe('admin changes', () => {
  it('creates (201 {id}), updates with a cover, deletes to the bin, and deletes for good with images and files', async () => {
    const { client } = await adminClient(t);
    const filesBefore = await storedFiles(t);
    const created = await client.post('/api/galleries', { json: { name: 'Resprays' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number) });
    const id = created.body.id;
    expect((await client.post('/api/galleries', { json: { name: '' } })).body.errors.name).toEqual(['The name field is required.']);

    const updated = await client.post(`/api/galleries/${id}`, {
      multipart: {
        name: 'Resprays 2026',
        url: '/gallery/resprays',
        hidden: '1',
        image: { filename: 'cover.jpg', data: await makeJpeg(800, 600) },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Resprays 2026', url: '/gallery/resprays', hidden: true, images: [] });
    expect(updated.body.image_url).toMatch(/^\/media\/img\//);

    const upload = await client.post('/api/galleriesimages', {
      multipart: { gallery_id: String(id), file: { filename: 'a.jpg', data: await makeJpeg(90, 60, '#ff0000') } },
    });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ gallery_id: id, position: 0, alt: '', link: null });
    const second = await client.post('/api/galleriesimages', {
      multipart: { gallery_id: String(id), file: { filename: 'b.jpg', data: await makeJpeg(90, 60, '#00ff00') } },
    });
    expect(second.body.position).toBe(1);
    expect(await tempFiles(t)).toEqual([]);

    const filesWithGallery = await storedFiles(t);
    const deleted = await client.delete(`/api/galleries/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('""');
    // The pictures go with the gallery's last kept version (History keeps them until pruned).
    await forgetHistory(t);
    expect((await client.get(`/api/galleries/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/galleries/${id}`)).status).toBe(404);
    // In the bin: its files stay until it is deleted for good.
    expect(await storedFiles(t)).toEqual(filesWithGallery);
    expect((await client.delete(`/api/bin/gallery/${id}`)).status).toBe(204);
    expect(await storedFiles(t)).toEqual(filesBefore);
  });

  it('updates fields through JSON and tRPC, and refuses bad input', async () => {
    const { gallery } = await createGallery(t.deps.db, t.deps.storage);
    const { client } = await adminClient(t);
    const res = await client.post(`/api/galleries/${gallery.id}`, { json: { name: 'Renamed', hidden: false } });
    expect(res.body).toMatchObject({ name: 'Renamed', hidden: false });
    const admin = await createAdmin(t.deps.db);
    const caller = await callerFor(t, admin.id);
    expect(await caller.galleries.update({ id: gallery.id, name: 'Via tRPC' })).toMatchObject({ name: 'Via tRPC' });
    expect((await client.post(`/api/galleries/${gallery.id}`, { json: { name: 'x'.repeat(151) } })).status).toBe(422);
    expect((await client.post(`/api/galleries/${gallery.id}`, { json: { hidden: 'perhaps' } })).body.errors.hidden).toEqual([
      'The hidden field must be true or false.',
    ]);
    expect((await client.post('/api/galleries/999999', { json: { name: 'x' } })).status).toBe(404);
    const lying = await client.post(`/api/galleries/${gallery.id}`, {
      multipart: { name: 'Nope', image: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('GIF89a but not really') } },
    });
    expect(lying.status).toBe(422);
    expect(lying.body.errors.image).toBeDefined();
    expect((await t.deps.db.selectFrom('galleries').select('name').where('id', '=', gallery.id).executeTakeFirstOrThrow()).name).toBe(
      'Via tRPC',
    );
  });
});

describe('gallery images', () => {
  it('refuses uploads without a file, to an unknown gallery, or of a non-image, leaving nothing behind', async () => {
    const { gallery } = await createGallery(t.deps.db, t.deps.storage);
    const { client } = await adminClient(t);
    const before = { files: await storedFiles(t), images: await countRows('images'), rows: await countRows('gallery_images') };
    const noFile = await client.post('/api/galleriesimages', { multipart: { gallery_id: String(gallery.id) } });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors.file).toEqual(['The file field is required.']);
    const unknown = await client.post('/api/galleriesimages', {
      multipart: { gallery_id: '999999', file: { filename: 'a.jpg', data: await makeJpeg() } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.gallery_id).toBeDefined();
    const missingId = await client.post('/api/galleriesimages', { multipart: { file: { filename: 'a.jpg', data: await makeJpeg() } } });
    expect(missingId.body.errors.gallery_id).toEqual(['The gallery id field is required.']);
    const text = await client.post('/api/galleriesimages', {
      multipart: {
        gallery_id: String(gallery.id),
        file: { filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('just text, named like a photo') },
      },
    });
    expect(text.status).toBe(422);
    expect(text.body.errors.file).toEqual(['The file must be an image (JPEG, PNG, WebP, GIF or AVIF).']);
    expect({ files: await storedFiles(t), images: await countRows('images'), rows: await countRows('gallery_images') }).toEqual(before);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('places concurrent uploads last, each at its own position', async () => {
    const { client } = await adminClient(t);
    const { body: g } = await client.post('/api/galleries', { json: { name: 'Concurrent' } });
    const colours = ['#110000', '#001100', '#000011', '#111100'];
    const results = await Promise.all(
      colours.map(async (colour) =>
        client.post('/api/galleriesimages', {
          multipart: { gallery_id: String(g.id), file: { filename: 'c.jpg', data: await makeJpeg(30, 30, colour) } },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.body.position).sort()).toEqual([0, 1, 2, 3]);
  });

  it('reorders the whole gallery, or nothing', async () => {
    const { gallery, images } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 3 });
    const { gallery: other, images: otherImages } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 1 });
    const { client } = await adminClient(t);
    const [a, b, c] = images.map((i) => i.id) as [number, number, number];
    const res = await client.post('/api/galleriesimages/order', { json: { id: gallery.id, images: [{ id: c }, { id: a }, { id: b }] } });
    expect(res.status).toBe(200);
    expect(res.body.images.map((i: { id: number; position: number }) => [i.id, i.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const bad = [
      [{ id: c }, { id: a }],
      [{ id: c }, { id: a }, { id: b }, { id: otherImages[0]!.id }],
      [{ id: c }, { id: a }, { id: a }],
      [{ id: c }, { id: a }, { id: otherImages[0]!.id }],
    ];
    for (const order of bad) {
      const refused = await client.post('/api/galleriesimages/order', { json: { id: gallery.id, images: order } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.images).toBeDefined();
    }
    expect((await client.post('/api/galleriesimages/order', { json: { id: gallery.id, images: 'x' } })).status).toBe(422);
    expect((await client.post('/api/galleriesimages/order', { json: { id: 999999, images: [] } })).status).toBe(404);
    const after = await client.get(`/api/galleries/${gallery.id}`);
    expect(after.body.images.map((i: { id: number }) => i.id)).toEqual([c, a, b]);
    expect((await client.get(`/api/galleries/${other.id}`)).body.images[0].position).toBe(0);
  });

  it('edits alt and link (http or https only)', async () => {
    const { images } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 1 });
    const { client } = await adminClient(t);
    const id = images[0]!.id;
    const res = await client.post(`/api/galleriesimages/${id}`, { json: { alt: 'Blue van', link: 'https://example.com/van' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, alt: 'Blue van', link: 'https://example.com/van' });
    for (const link of ['javascript:alert(1)', 'ftp://x.test/a', 'not a url', 'data:text/html,x']) {
      const bad = await client.post(`/api/galleriesimages/${id}`, { json: { link } });
      expect(bad.status, link).toBe(422);
      expect(bad.body.errors.link).toEqual(['The link field must be a valid URL.']);
    }
    expect((await client.post(`/api/galleriesimages/${id}`, { json: { alt: 'x'.repeat(256) } })).body.errors.alt).toBeDefined();
    const cleared = await client.post(`/api/galleriesimages/${id}`, { form: { alt: '', link: '' } });
    expect(cleared.body).toMatchObject({ alt: '', link: null });
    expect((await client.post('/api/galleriesimages/999999', { json: { alt: 'x' } })).status).toBe(404);
  });

  it('rotates 90 degrees clockwise with a new URL and removes the old files', async () => {
    const { client } = await adminClient(t);
    const { body: created } = await client.post('/api/galleries', { json: { name: 'Rotate' } });
    const upload = await client.post('/api/galleriesimages', {
      multipart: { gallery_id: String(created.id), file: { filename: 'wide.jpg', data: await makeJpeg(120, 60) } },
    });
    const before = await storedFiles(t);
    const rotated = await client.post(`/api/galleriesimages/${upload.body.id}/rotate`, { json: {} });
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(upload.body.id);
    expect(rotated.body.image_url).not.toBe(upload.body.image_url);
    expect(rotated.body.image).toMatchObject({ large_width: 60, large_height: 120 });
    // The unrotated files stay while History keeps the version that names them.
    expect(await storedFiles(t)).toContain(`public/${upload.body.image_url.slice('/media/'.length)}`);
    await forgetHistory(t);
    const after = await storedFiles(t);
    expect(after).not.toContain(`public/${upload.body.image_url.slice('/media/'.length)}`);
    expect(after.length).toBe(before.length);
    expect((await new TestClient(t.app).get(upload.body.image_url)).status).toBe(404);
    expect((await client.post('/api/galleriesimages/999999/rotate', { json: {} })).status).toBe(404);
  });

  it('keeps files another image row still uses (the same upload twice)', async () => {
    const { client } = await adminClient(t);
    const { body: g } = await client.post('/api/galleries', { json: { name: 'Twice' } });
    const data = await makeJpeg(70, 70, '#123456');
    const first = await client.post('/api/galleriesimages', { multipart: { gallery_id: String(g.id), file: { filename: 'a.jpg', data } } });
    const second = await client.post('/api/galleriesimages', {
      multipart: { gallery_id: String(g.id), file: { filename: 'b.jpg', data } },
    });
    expect(second.body.image_url).toBe(first.body.image_url);
    expect((await client.delete(`/api/galleriesimages/${first.body.id}`)).status).toBe(200);
    const media = await new TestClient(t.app).get(second.body.image_url);
    expect(media.status).toBe(200);
    const after = await client.get(`/api/galleries/${g.id}`);
    expect(after.body.images).toEqual([expect.objectContaining({ id: second.body.id, position: 0 })]);
  });

  it('deletes an image, closing the gap in positions; an image shared with a widget stays', async () => {
    const { gallery, images } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 3 });
    const { client } = await adminClient(t);
    const shared = await createImage(t.deps.db, t.deps.storage, 33, 33);
    await t.deps.db.updateTable('gallery_images').set({ image_id: shared.id }).where('id', '=', images[1]!.id).execute();
    await createWidget(t.deps.db, { type: 'IMAGE', imageId: shared.id });
    const res = await client.delete(`/api/galleriesimages/${images[1]!.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('""');
    const after = await client.get(`/api/galleries/${gallery.id}`);
    expect(after.body.images.map((i: { id: number; position: number }) => [i.id, i.position])).toEqual([
      [images[0]!.id, 0],
      [images[2]!.id, 1],
    ]);
    expect(await t.deps.db.selectFrom('images').select('id').where('id', '=', shared.id).executeTakeFirst()).toBeDefined();
    expect((await new TestClient(t.app).get(t.deps.storage.publicUrl(shared.large_key))).status).toBe(200);
    expect((await client.delete(`/api/galleriesimages/${images[1]!.id}`)).status).toBe(404);
  });
});
