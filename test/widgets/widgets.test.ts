import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createAdmin, createImage, createWidget, makeJpeg, makePng } from '#test/support/factories.ts';
import { adminClient, clientAs, forgetHistory, storedFiles, tempFiles } from '#test/support/content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/widgets/{x}', () => {
  it('returns a widget by name to anyone', async () => {
    const widget = await createWidget(t.deps.db, { name: 'HomeText1', html: '<p>Welcome</p>' });
    const res = await new TestClient(t.app).get('/api/widgets/HomeText1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: widget.id,
      name: 'HomeText1',
      type: 'TEXT',
      html: '<p>Welcome</p>',
      image_url: null,
      alt: '',
      image: null,
    });
  });

  it('answers 404 for an unknown name', async () => {
    const res = await new TestClient(t.app).get('/api/widgets/NoSuchWidget');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found.' });
  });

  it('reads by id (all digits) for admins only', async () => {
    const widget = await createWidget(t.deps.db);
    expect((await new TestClient(t.app).get(`/api/widgets/${widget.id}`)).status).toBe(401);
    const { client: user } = await clientAs(t);
    const forbidden = await user.get(`/api/widgets/${widget.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'This action is unauthorized.' });
    const { client: admin } = await adminClient(t);
    const res = await admin.get(`/api/widgets/${widget.id}`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(widget.name);
    expect((await admin.get('/api/widgets/99999999')).status).toBe(404);
    expect((await admin.get('/api/widgets/99999999999999999999')).status).toBe(404);
  });

  it('shows an image widget with both variants', async () => {
    const image = await createImage(t.deps.db, t.deps.storage, 2000, 1000);
    await createWidget(t.deps.db, { name: 'HomeImage1', type: 'IMAGE', imageId: image.id, alt: 'A car' });
    const res = await new TestClient(t.app).get('/api/widgets/HomeImage1');
    expect(res.body.image_url).toMatch(/^\/media\/img\/[0-9a-f]{32}-l\.webp$/);
    expect(res.body.image).toMatchObject({
      large_url: res.body.image_url,
      large_width: 1600,
      large_height: 800,
      thumb_width: 480,
      thumb_height: 240,
    });
    const media = await new TestClient(t.app).get(res.body.image_url);
    expect(media.status).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('admin widgets', () => {
  it('lists widgets for admins', async () => {
    await createWidget(t.deps.db, { name: 'ListedWidget' });
    const { client } = await adminClient(t);
    const res = await client.get('/api/widgets');
    expect(res.status).toBe(200);
    expect(res.body.results.map((w: { name: string }) => w.name)).toContain('ListedWidget');
    expect((await new TestClient(t.app).get('/api/widgets')).status).toBe(401);
  });

  it('creates a TEXT widget (201) and refuses a taken or malformed name', async () => {
    const { client } = await adminClient(t);
    const res = await client.post('/api/widgets', { json: { name: 'NewText', type: 'TEXT' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'NewText', type: 'TEXT', html: '', image_url: null });

    const taken = await client.post('/api/widgets', { json: { name: 'NewText', type: 'TEXT' } });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } });
    expect((await client.post('/api/widgets', { json: { name: 'NEWTEXT' } })).status).toBe(422);

    for (const name of ['1abc', 'has space', '', 'x'.repeat(65), '<script>']) {
      const bad = await client.post('/api/widgets', { json: { name, type: 'TEXT' } });
      expect(bad.status, name).toBe(422);
      expect(bad.body.errors.name).toBeDefined();
    }
    const missing = await client.post('/api/widgets', { json: {} });
    expect(missing.body).toEqual({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
    const wrongType = await client.post('/api/widgets', { json: { name: 'Vid', type: 'VIDEO' } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors.type).toEqual(['The selected type is invalid.']);
    const wrongTypes = await client.post('/api/widgets', { json: { name: 42 } });
    expect(wrongTypes.status).toBe(422);
  });

  it('updates html (sanitised), alt and image through the multipart path', async () => {
    const widget = await createWidget(t.deps.db, { name: 'EditMe' });
    const { client } = await adminClient(t);
    const res = await client.post(`/api/widgets/${widget.id}`, {
      multipart: {
        name: 'EditMe',
        type: 'IMAGE',
        html: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
        alt: 'Front bumper',
        image: { filename: 'photo.jpg', contentType: 'image/jpeg', data: await makeJpeg(300, 200) },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: widget.id, type: 'IMAGE', html: '<p>Hi <a>x</a></p>', alt: 'Front bumper' });
    expect(res.body.image_url).toMatch(/^\/media\/img\//);
    expect(res.body.image).toMatchObject({ large_width: 300, large_height: 200 });
    expect(await tempFiles(t)).toEqual([]);

    // A new image replaces the old one, whose files stay while History keeps the version that
    // names it, and go when that version is pruned.
    const before = await storedFiles(t);
    const replaced = await client.post(`/api/widgets/${widget.id}`, {
      multipart: { image: { filename: 'b.png', data: await makePng(50, 40) } },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.image_url).not.toBe(res.body.image_url);
    const oldFile = `public/${res.body.image_url.slice('/media/'.length)}`;
    expect(await storedFiles(t)).toContain(oldFile);
    await forgetHistory(t);
    const after = await storedFiles(t);
    expect(after).not.toContain(oldFile);
    expect(after.length).toBe(before.length);
  });

  it('accepts JSON on the same path and through the tRPC procedure', async () => {
    const widget = await createWidget(t.deps.db, { name: 'JsonWidget' });
    const { client } = await adminClient(t);
    const res = await client.post(`/api/widgets/${widget.id}`, { json: { html: '<h2>Title</h2>', alt: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body.html).toBe('<h2>Title</h2>');
    const admin = await createAdmin(t.deps.db);
    const caller = await callerFor(t, admin.id);
    const updated = await caller.widgets.update({ id: widget.id, name: 'JsonWidget2', html: '<p>tRPC<img src=x onerror=alert(1)></p>' });
    expect(updated).toMatchObject({ name: 'JsonWidget2', html: '<p>tRPC</p>' });
  });

  it('keeps a YouTube embed in a VIDEO widget only', async () => {
    const widget = await createWidget(t.deps.db, { name: 'VideoWidget' });
    const { client } = await adminClient(t);
    const embed = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen></iframe>';
    const video = await client.post(`/api/widgets/${widget.id}`, {
      json: { type: 'VIDEO', html: `${embed}<iframe src="https://evil.test/x"></iframe>` },
    });
    expect(video.body.html).toBe(embed);
    const text = await client.post(`/api/widgets/${widget.id}`, { json: { type: 'TEXT' } });
    expect(text.body.html).toBe('');
  });

  it('refuses a file that is not an image, leaving nothing behind', async () => {
    const widget = await createWidget(t.deps.db, { name: 'NoImage' });
    const { client } = await adminClient(t);
    const before = await storedFiles(t);
    const res = await client.post(`/api/widgets/${widget.id}`, {
      multipart: {
        alt: 'changed',
        image: { filename: 'evil.jpg', contentType: 'image/jpeg', data: Buffer.from('<?php system($_GET["c"]); ?>') },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.image).toEqual(['The file must be an image (JPEG, PNG, WebP, GIF or AVIF).']);
    expect(await storedFiles(t)).toEqual(before);
    expect(await tempFiles(t)).toEqual([]);
    const row = await t.deps.db.selectFrom('widgets').select(['alt', 'image_id']).where('id', '=', widget.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ alt: '', image_id: null });
  });

  it('answers 404 for an unknown id and 422 for oversized html or a taken name', async () => {
    const { client } = await adminClient(t);
    expect((await client.post('/api/widgets/999999', { json: { alt: 'x' } })).status).toBe(404);
    const w1 = await createWidget(t.deps.db, { name: 'TakenA' });
    await createWidget(t.deps.db, { name: 'TakenB' });
    const taken = await client.post(`/api/widgets/${w1.id}`, { json: { name: 'TakenB' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toEqual(['The name has already been taken.']);
    const huge = await client.post(`/api/widgets/${w1.id}`, { json: { html: 'x'.repeat(100_001) } });
    expect(huge.status).toBe(422);
    expect(huge.body.errors.html).toBeDefined();
    const wrong = await client.post(`/api/widgets/${w1.id}`, { json: { html: 12 } });
    expect(wrong.status).toBe(422);
  });
});
