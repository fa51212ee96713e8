// The catalogue of content sections (src/shared/content-sections.ts) and what it fixes: the pages'
// widgets keep their names and types on both doors (422 per field), cannot be removed (409), and the
// seeds fill every section; widgets an admin adds stay free to rename.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createAdmin, createWidget } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';
import {
  CONTENT_PAGES,
  CONTENT_SECTIONS,
  isFixedWidgetName,
  SERVICE_ITEMS,
  sectionHref,
  sectionOfWidget,
  sectionTitle,
} from '#shared/content-sections.ts';
import { demoWidgets } from '#server/db/seed/demo-content.ts';
import { starterWidgets } from '#server/db/seed/starter-content.ts';
import { assertWidgetRemovable } from '#server/widgets/widgets.service.ts';
import { AppError } from '#server/errors.ts';

describe('the catalogue', () => {
  it('names every section once, in human words, with an anchor unique on its page', () => {
    const names = CONTENT_SECTIONS.map((s) => s.widget.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const page of Object.keys(CONTENT_PAGES)) {
      const anchors = CONTENT_SECTIONS.filter((s) => s.page === page).map((s) => s.anchor);
      expect(new Set(anchors).size, page).toBe(anchors.length);
      for (const anchor of anchors) expect(anchor).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(sectionTitle(sectionOfWidget('HomeText1')!)).toBe('Home: introduction');
    expect(sectionTitle(sectionOfWidget('HomeItem2Image')!)).toBe('Home: feature 2 picture');
    expect(sectionTitle(sectionOfWidget('Service3')!)).toBe('Services: paint and resprays');
    expect(sectionHref(sectionOfWidget('HomeText1')!)).toBe('/#introduction');
    expect(sectionOfWidget('hometext1')?.widget).toBe('HomeText1');
    expect(isFixedWidgetName('MyOwnBlock')).toBe(false);
  });

  it('says the second service is not shown, and the services page follows it', () => {
    expect(sectionOfWidget('Service2')!.isShown).toBe(false);
    expect(sectionOfWidget('Service2Image')!.isShown).toBe(false);
    expect(SERVICE_ITEMS.filter((item) => item.isShown).map((item) => item.n)).toEqual([1, 3, 4]);
  });

  it("lists every widget name the public pages' code reads (and the SPEC's)", () => {
    const root = path.resolve(import.meta.dirname, '../../src/client/pages');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) {
          if (entry !== 'admin') walk(full);
        } else if (full.endsWith('.tsx')) files.push(full);
      }
    };
    walk(root);
    const read = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/<Widget name="([A-Za-z0-9]+)"/g)) read.add(match[1]!);
      for (const match of source.matchAll(/widget="([A-Za-z0-9]+)"/g)) read.add(match[1]!);
      // Template names (HomeItem${n}Text): each of 1..4 that the catalogue knows.
      for (const match of source.matchAll(/name=\{`([A-Za-z]+)\$\{n\}([A-Za-z]*)`\}/g))
        for (const n of [1, 2, 3]) read.add(`${match[1]}${n}${match[2]}`);
    }
    expect(read.size).toBeGreaterThan(15);
    for (const name of read) expect(isFixedWidgetName(name), name).toBe(true);
    const spec = ['HomeText1', 'HomeImage1', 'HomeImage2', 'HomeTextBottom', 'ContactImage', 'Terms', 'PrivacyPolicy', 'AboutText'];
    for (const name of [...spec, 'AboutImage', 'AboutImage2', 'AboutText2', 'ServicesText', 'Service1', 'Service4', 'GalleryText'])
      expect(isFixedWidgetName(name), name).toBe(true);
  });

  it('is filled by both seeds, section for section, with the type the page shows', () => {
    for (const seed of [demoWidgets, starterWidgets()]) {
      expect(seed.map((w) => w.name).sort()).toEqual(CONTENT_SECTIONS.map((s) => s.widget).sort());
      for (const widget of seed) expect(widget.type, widget.name).toBe(sectionOfWidget(widget.name)!.type);
    }
  });

  it("starts a site without demo content with copy that names no shop's details of its own", () => {
    for (const widget of starterWidgets()) {
      const text = `${widget.html} ${widget.alt}`;
      expect(text, widget.name).not.toMatch(/Harbourside|Porthaven|Quay Road|TR19|01736|@|9am|5pm|Monday/i);
    }
    const home = starterWidgets().find((w) => w.name === 'HomeTextBottom')!.html;
    expect(home).toContain('<span data-shop-detail="address"></span>');
    expect(home).toContain('<span data-shop-detail="openingHours"></span>');
  });

  it('gives the demo copy placeholders instead of typed-in hours, address and phone', () => {
    const all = demoWidgets.map((w) => w.html).join('\n');
    expect(all).not.toContain('Monday to Friday, 9am to 5pm');
    expect(all).not.toMatch(/01736|Quay Road Industrial Estate|TR19 4QX|hello@harbourside/);
    expect(all).toContain('<span data-shop-detail="telephone"></span>');
    expect(all).toContain('<span data-shop-detail="openingHours"></span>');
  });
});

describe('fixed widgets on both doors', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    ({ client: admin } = await adminClient(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses renaming a section over REST (422 on name) and keeps it', async () => {
    const widget = await createWidget(t.deps.db, { name: 'HomeText1', html: '<p>Hello</p>' });
    const res = await admin.post(`/api/widgets/${widget.id}`, { json: { name: 'HomeIntro' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['The name of Home: introduction cannot be changed: the page reads it by this name.'],
    });
    expect((await new TestClient(t.app).get('/api/widgets/HomeText1')).status).toBe(200);
    expect((await new TestClient(t.app).get('/api/widgets/HomeIntro')).status).toBe(404);
  });

  it('refuses changing its type over REST multipart too, both fields at once, and writes nothing', async () => {
    const widget = await createWidget(t.deps.db, { name: 'HomeItem2Image', type: 'IMAGE' });
    const res = await admin.post(`/api/widgets/${widget.id}`, {
      multipart: { name: 'Renamed', type: 'TEXT', html: '<p>x</p>' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'type']);
    expect(res.body.errors.type).toEqual(['The type of Home: feature 2 picture cannot be changed: the page shows it as image.']);
    const row = await t.deps.db.selectFrom('widgets').selectAll().where('id', '=', widget.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'HomeItem2Image', type: 'IMAGE', html: '<p>Hello</p>' });
  });

  it('refuses the same over tRPC, but saves the content when the name and type are sent unchanged', async () => {
    const widget = await createWidget(t.deps.db, { name: 'Service3', html: '<p>Old</p>' });
    const caller = await callerFor(t, (await createAdmin(t.deps.db)).id);
    const error = await caller.widgets.update({ id: widget.id, name: 'Service5' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(((error as TRPCError).cause as AppError).fieldErrors).toEqual({
      name: ['The name of Services: paint and resprays cannot be changed: the page reads it by this name.'],
    });
    const saved = await caller.widgets.update({ id: widget.id, name: 'Service3', type: 'TEXT', html: '<p>New</p>' });
    expect(saved).toMatchObject({ name: 'Service3', type: 'TEXT', html: '<p>New</p>' });
  });

  it('lets an admin rename and retype a widget of their own', async () => {
    const widget = await createWidget(t.deps.db, { name: 'PromoBlock' });
    const res = await admin.post(`/api/widgets/${widget.id}`, { json: { name: 'WinterPromo', type: 'VIDEO' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'WinterPromo', type: 'VIDEO' });
  });

  it('keeps a non-admin out before any rule (401, 403)', async () => {
    const widget = await createWidget(t.deps.db, { name: 'GalleryText' });
    const anon = new TestClient(t.app);
    await anon.csrf();
    expect((await anon.post(`/api/widgets/${widget.id}`, { json: { name: 'X' } })).status).toBe(401);
  });

  it('will not remove a section (409, the message says which) but lets one of their own go', async () => {
    const fixed = await createWidget(t.deps.db, { name: 'ContactImage', type: 'IMAGE' });
    const error = await assertWidgetRemovable(t.deps, fixed.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CONFLICT');
    expect((error as AppError).message).toBe('Contact: picture cannot be deleted: the page shows it. Empty its content instead.');
    const own = await createWidget(t.deps.db, { name: 'SpareBlock' });
    await expect(assertWidgetRemovable(t.deps, own.id)).resolves.toBeUndefined();
    await expect(assertWidgetRemovable(t.deps, 99_999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('DELETE /api/widgets/{id}: a section is a 409 and stays; an own widget goes to the bin; 404 after', async () => {
    const fixed = await createWidget(t.deps.db, { name: 'AboutText', type: 'TEXT' });
    const refused = await admin.delete(`/api/widgets/${fixed.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('About: introduction cannot be deleted: the page shows it. Empty its content instead.');
    expect((await admin.get(`/api/widgets/${fixed.id}`)).status).toBe(200);

    const own = await createWidget(t.deps.db, { name: 'HolidayNotice' });
    expect((await admin.delete(`/api/widgets/${own.id}`)).status).toBe(200);
    expect((await admin.get(`/api/widgets/${own.id}`)).status).toBe(404);
    const binned = await t.deps.db.selectFrom('widgets').select('deleted_at').where('id', '=', own.id).executeTakeFirstOrThrow();
    expect(binned.deleted_at).not.toBeNull();
    const bin = await admin.get('/api/bin');
    expect(JSON.stringify(bin.body)).toContain('HolidayNotice');
    expect((await admin.delete(`/api/widgets/${own.id}`)).status).toBe(404);

    const anon = new TestClient(t.app);
    await anon.csrf();
    expect((await anon.delete(`/api/widgets/${fixed.id}`)).status).toBe(401);
  });
});
