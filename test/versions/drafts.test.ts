// Drafts: saved beside the published item, invisible to the public on every door (REST,
// tRPC, the page HTML, the sitemap) until published; publish makes it live and keeps a version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createTestimonial, createWidget } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { testEngine } from '#test/support/database.ts';
import { listenForServed, served } from '#test/support/served.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PageShell } from '#server/public-content/page-shell.ts';
import { renderPage } from '#client/entry-server.tsx';
import { loadPreviewSnapshot } from '#server/versions/preview.service.ts';

let t: TestApp;
let admin: TestClient;
let baseUrl: string;
const anon = () => new TestClient(t.app);

beforeAll(async () => {
  t = await createTestApp({}, { refreshSnapshotPerRequest: false });
  ({ client: admin } = await adminClient(t));
  baseUrl = await listenForServed(t);
  // The pages as the server renders them (the client's index.html and server render, from source).
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-drafts-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  shell = new PageShell(clientDir, { appUrl: 'http://localhost:3000' }, renderPage);
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

let clientDir: string;
let shell: PageShell;
const pageHtml = async (pathname: string) => (await shell.render(pathname, t.deps.publicContent.current())).html;

async function homeTextId(): Promise<number> {
  const row = await t.deps.db.selectFrom('widgets').select('id').where('name', '=', 'HomeText1').executeTakeFirst();
  if (row) return row.id;
  const { id } = await createWidget(t.deps.db, { name: 'HomeText1', html: '<p>Welcome</p>' });
  await t.deps.publicContent.refresh();
  return id;
}

describe(`drafts on ${testEngine}`, () => {
  it('a widget draft is invisible to the public (REST, tRPC, page HTML, sitemap) until published', async () => {
    const id = await homeTextId();
    const live = (await anon().get('/api/widgets/HomeText1')).body.html as string;
    const saved = await admin.put(`/api/content-drafts/widget/${id}`, {
      json: { html: '<p>Holiday hours: closed <script>x()</script>from 20 December</p>' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      status: 'draft',
      number: null,
      data: { name: 'HomeText1', html: '<p>Holiday hours: closed from 20 December</p>' },
    });

    // Autosave updates the one draft in place.
    const again = await admin.put(`/api/content-drafts/widget/${id}`, { json: { html: '<p>Holiday hours: closed from 21 December</p>' } });
    expect(again.body.id).toBe(saved.body.id);
    expect((await admin.get(`/api/content-drafts/widget/${id}`)).body.draft.data.html).toBe(
      '<p>Holiday hours: closed from 21 December</p>',
    );

    expect((await anon().get('/api/widgets/HomeText1')).body.html).toBe(live);
    expect((await (await callerFor(t)).widgets.byKey({ x: 'HomeText1' })).html).toBe(live);
    expect(await pageHtml('/')).toContain(live);
    expect(await pageHtml('/')).not.toContain('Holiday hours');
    const sitemap = await served(baseUrl, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).not.toContain('Holiday hours');
    // History holds published versions only.
    expect(
      (await admin.get(`/api/content-history/widget/${id}`)).body.versions.every((v: { status: string }) => v.status === 'published'),
    ).toBe(true);

    const published = await admin.post(`/api/content-drafts/widget/${id}/publish`, { json: {} });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', data: { html: '<p>Holiday hours: closed from 21 December</p>' } });
    expect((await anon().get('/api/widgets/HomeText1')).body.html).toBe('<p>Holiday hours: closed from 21 December</p>');
    expect(await pageHtml('/')).toContain('Holiday hours: closed from 21 December');
    expect((await admin.get(`/api/content-drafts/widget/${id}`)).body).toEqual({ draft: null });
    const history = (await admin.get(`/api/content-history/widget/${id}`)).body;
    expect(history.versions[0].number).toBe(published.body.number);
    expect((await admin.get(`/api/content-versions/${history.versions.at(-1).id}`)).body.version.data.html).toBe(live);
    // The activity log has the publish, linked to its version.
    const entry = await t.deps.db
      .selectFrom('activity_entries')
      .selectAll()
      .where('kind', '=', 'content-published')
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ item_type: 'widget', item_label: 'HomeText1', version_id: published.body.id });
  });

  it('testimonial and shop drafts; discard leaves the published item', async () => {
    const testimonial = await createTestimonial(t.deps.db, { name: 'Carol', review: '<p>Quick</p>' });
    await t.deps.publicContent.refresh();
    expect(
      (
        await admin.put(`/api/content-drafts/testimonial/${testimonial.id}`, {
          json: { name: 'Carol D', score: 4, review: '<p>Quick!</p>' },
        })
      ).status,
    ).toBe(200);
    expect((await anon().get('/api/testimonials')).body.results.find((r: { id: number }) => r.id === testimonial.id).name).toBe('Carol');
    const published = await admin.post(`/api/content-drafts/testimonial/${testimonial.id}/publish`, { json: {} });
    expect(published.status).toBe(200);
    expect((await anon().get('/api/testimonials')).body.results.find((r: { id: number }) => r.id === testimonial.id).name).toBe('Carol D');

    expect((await admin.put('/api/content-drafts/shop', { json: { ...defaultShop, tagline: 'Draft tagline' } })).status).toBe(200);
    expect((await anon().get('/api/shop')).body.tagline).not.toBe('Draft tagline');
    expect((await admin.delete('/api/content-drafts/shop/1')).status).toBe(200);
    expect((await admin.get('/api/content-drafts/shop/1')).body).toEqual({ draft: null });
    expect((await admin.delete('/api/content-drafts/shop/1')).status).toBe(404);
    // The form sends the one review link as reviewsUrl only; the draft carries it under both names.
    const { reviewLink: _older, ...oneLink } = { ...defaultShop, reviewsUrl: 'https://g.page/r/draft-review' };
    expect((await admin.put('/api/content-drafts/shop', { json: oneLink })).status).toBe(200);
    const draft = (await admin.get('/api/content-drafts/shop/1')).body.draft;
    expect(draft.data).toMatchObject({ reviewsUrl: 'https://g.page/r/draft-review', reviewLink: 'https://g.page/r/draft-review' });
    expect((await admin.delete('/api/content-drafts/shop/1')).status).toBe(200);
  });

  it('422 per field, 404 without a draft, 409 when the item was deleted meanwhile', async () => {
    const testimonial = await createTestimonial(t.deps.db);
    const bad = await admin.put(`/api/content-drafts/testimonial/${testimonial.id}`, { json: { name: '', score: 9, review: '<p>x</p>' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'score']);
    expect((await admin.get('/api/content-drafts/gallery/1')).status).toBe(422);
    expect((await admin.post(`/api/content-drafts/testimonial/${testimonial.id}/publish`, { json: {} })).status).toBe(404);

    await admin.put(`/api/content-drafts/testimonial/${testimonial.id}`, { json: { name: 'Soon gone', score: 5, review: '<p>x</p>' } });
    await admin.delete(`/api/testimonials/${testimonial.id}`);
    const gone = await admin.post(`/api/content-drafts/testimonial/${testimonial.id}/publish`, { json: {} });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('This item was deleted meanwhile.');

    const other = await createWidget(t.deps.db, { name: 'DraftNameTaken' });
    const mine = await createWidget(t.deps.db);
    const taken = await admin.put(`/api/content-drafts/widget/${mine.id}`, { json: { name: other.name } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: ['The name has already been taken.'] });
  });

  it("an admin's preview is the public page with every draft in place; the snapshot and its pages keep the published ones", async () => {
    const id = await homeTextId();
    const testimonial = await createTestimonial(t.deps.db, { name: 'Dana', review: '<p>Lovely job</p>' });
    await t.deps.publicContent.refresh();
    await admin.put(`/api/content-drafts/widget/${id}`, { json: { html: '<p>Preview only: closed on Boxing Day</p>' } });
    await admin.put(`/api/content-drafts/testimonial/${testimonial.id}`, {
      json: { name: 'Dana P', score: 5, review: '<p>Draft praise</p>' },
    });
    await admin.put('/api/content-drafts/shop', {
      json: { ...(await anon().get('/api/shop')).body, tagline: 'Draft tagline for preview' },
    });

    const preview = await loadPreviewSnapshot(t.deps);
    expect(preview).not.toBeNull();
    expect(preview!.version).not.toBe(t.deps.publicContent.current()!.version);
    const page = await shell.renderPreview('/', preview!);
    expect(page?.status).toBe(200);
    expect(page!.html).toContain('Preview only: closed on Boxing Day');
    expect(page!.html).toContain('Draft praise');
    expect(page!.html).toContain('Draft tagline for preview');
    expect(page!.html).toContain('<meta name="robots" content="noindex" />');
    expect(page!.html).toMatch(/<aside class="preview-banner"[^>]*>.*This page shows your drafts/);
    // The banner is outside what the browser hydrates.
    expect(page!.html.indexOf('preview-banner')).toBeLessThan(page!.html.indexOf('<div id="root">'));

    // Nothing of it reached the snapshot, the cached page or the public REST answers.
    for (const text of ['Preview only', 'Draft praise', 'Draft tagline for preview']) expect(await pageHtml('/')).not.toContain(text);
    expect((await anon().get('/api/widgets/HomeText1')).body.html).not.toContain('Preview only');
    expect((await anon().get('/api/shop')).body.tagline).not.toBe('Draft tagline for preview');

    // Only public pages are previewed: an admin screen or an unknown path is not.
    expect(await shell.renderPreview('/admin', preview!)).toBeUndefined();
    expect(await shell.renderPreview('/no-such-page', preview!)).toBeUndefined();

    for (const key of [`widget/${id}`, `testimonial/${testimonial.id}`, 'shop/1']) {
      expect((await admin.delete(`/api/content-drafts/${key}`)).status).toBe(200);
    }
  });

  it('only admins read, save, publish or discard drafts (401, 403)', async () => {
    const widget = await createWidget(t.deps.db);
    const guest = anon();
    await guest.csrf();
    const { client: user } = await clientAs(t, { role: 'user' });
    for (const client of [guest, user]) {
      const expected = client === guest ? 401 : 403;
      expect((await client.get(`/api/content-drafts/widget/${widget.id}`)).status).toBe(expected);
      expect((await client.put(`/api/content-drafts/widget/${widget.id}`, { json: { html: '<p>x</p>' } })).status).toBe(expected);
      expect((await client.post(`/api/content-drafts/widget/${widget.id}/publish`, { json: {} })).status).toBe(expected);
      expect((await client.delete(`/api/content-drafts/widget/${widget.id}`)).status).toBe(expected);
    }
    expect(
      await t.deps.db
        .selectFrom('content_versions')
        .select('id')
        .where('item_id', '=', widget.id)
        .where('item_kind', '=', 'widget')
        .execute(),
    ).toEqual([]);
  });
});
