import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { ensureFirstAdmin, ensureShop, seedDemoContent } from '#server/db/seed/seed.ts';
import { demoGalleries, demoInsurers, demoTestimonials, demoWidgets } from '#server/db/seed/demo-content.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { ABOUT_GALLERY_ID } from '#shared/limits.ts';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { adminClient } from '#test/support/content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Every widget name docs/product.md lists must be seeded.
const specWidgetNames = [
  'HomeText1',
  'HomeImage1',
  'HomeImage2',
  'HomeTextBottom',
  'HomeItem1Image',
  'HomeItem1Text',
  'HomeItem2Image',
  'HomeItem2Text',
  'HomeItem3Image',
  'HomeItem3Text',
  'ContactImage',
  'Terms',
  'PrivacyPolicy',
  'AboutText',
  'AboutImage',
  'AboutImage2',
  'AboutText2',
  'ServicesText',
  'Service1',
  'Service2',
  'Service3',
  'Service4',
  'GalleryText',
];

async function countRowsIn(app: TestApp, table: 'galleries' | 'testimonials' | 'insurers'): Promise<number> {
  const row = await app.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function captureLog() {
  const lines: string[] = [];
  const log = {
    info: (...a: unknown[]) => lines.push(a.map(String).join(' ')),
    warn: (...a: unknown[]) => lines.push(a.map(String).join(' ')),
  };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

describe('demo content', () => {
  it('fills a fresh database with every widget, the galleries and the testimonials', { timeout: 120_000 }, async () => {
    const report = await seedDemoContent(t.deps.db, t.deps.storage);
    expect(report).toEqual({
      widgetsCreated: demoWidgets.length,
      galleriesCreated: demoGalleries.length,
      testimonialsCreated: demoTestimonials.length,
      insurersCreated: demoInsurers.length,
    });
    const insurerRows = await t.deps.db.selectFrom('insurers').select(['name', 'active']).orderBy('name').execute();
    expect(insurerRows).toEqual([...demoInsurers].sort().map((name) => ({ name, active: true })));
    const names = (await t.deps.db.selectFrom('widgets').select('name').execute()).map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(specWidgetNames));
    const text = await t.deps.db.selectFrom('widgets').select(['type', 'html']).where('name', '=', 'HomeText1').executeTakeFirstOrThrow();
    expect(text.type).toBe('TEXT');
    expect(text.html.length).toBeGreaterThan(80);
    expect(text.html.toLowerCase()).not.toContain('lorem');
    const images = await t.deps.db.selectFrom('widgets').select(['name', 'image_id']).where('type', '=', 'IMAGE').execute();
    expect(images.every((w) => w.image_id !== null)).toBe(true);
    const about = await t.deps.db
      .selectFrom('galleries')
      .select(['name', 'hidden'])
      .where('id', '=', ABOUT_GALLERY_ID)
      .executeTakeFirstOrThrow();
    expect(about.hidden).toBe(false);
    const aboutImages = await t.deps.db.selectFrom('gallery_images').select('id').where('gallery_id', '=', ABOUT_GALLERY_ID).execute();
    expect(aboutImages.length).toBeGreaterThanOrEqual(3);
    expect((await t.deps.db.selectFrom('testimonials').select('id').execute()).length).toBeGreaterThanOrEqual(5);
  });

  it('never overwrites what an admin changed, nor brings back what an admin deleted', { timeout: 120_000 }, async () => {
    await t.deps.db.updateTable('widgets').set({ html: '<p>Edited by the admin</p>' }).where('name', '=', 'HomeText1').execute();
    await t.deps.db.deleteFrom('testimonials').execute();
    await t.deps.db.deleteFrom('widgets').where('name', '=', 'GalleryText').execute();
    await t.deps.db.updateTable('insurers').set({ name: 'Renamed by the admin' }).where('name', '=', demoInsurers[0]!).execute();
    const report = await seedDemoContent(t.deps.db, t.deps.storage);
    expect(report).toEqual({ widgetsCreated: 1, galleriesCreated: 0, testimonialsCreated: 0, insurersCreated: 0 });
    expect(await t.deps.db.selectFrom('insurers').select('id').where('name', '=', demoInsurers[0]!).executeTakeFirst()).toBeUndefined();
    const text = await t.deps.db.selectFrom('widgets').select('html').where('name', '=', 'HomeText1').executeTakeFirstOrThrow();
    expect(text.html).toBe('<p>Edited by the admin</p>');
    expect(await t.deps.db.selectFrom('testimonials').select('id').execute()).toHaveLength(0);
    // A page cannot work without its widget, so a missing one is created again.
    expect(await t.deps.db.selectFrom('widgets').select('id').where('name', '=', 'GalleryText').executeTakeFirst()).toBeTruthy();
  });
});

describe('first admin', () => {
  it('creates a verified admin from ADMIN_EMAIL and ADMIN_PASSWORD when none exists', async () => {
    const { log } = captureLog();
    const email = await ensureFirstAdmin(t.deps.db, { adminEmail: 'owner@harbourside.test', adminPassword: 'a-strong-password', log });
    expect(email).toBe('owner@harbourside.test');
    const admin = await t.deps.db.selectFrom('users').selectAll().where('email', '=', 'owner@harbourside.test').executeTakeFirstOrThrow();
    expect(admin.role).toBe('admin');
    expect(admin.email_verified_at).not.toBeNull();
    expect(await verifyPassword(admin.password_hash, 'a-strong-password')).toBe(true);
  });

  it('does nothing when an admin exists', async () => {
    const { log, lines } = captureLog();
    expect(await ensureFirstAdmin(t.deps.db, { log })).toBeNull();
    expect(lines).toEqual([]);
  });

  it('without the variables, creates admin@example.com with a random password printed once, on its own, never logged', async () => {
    await t.deps.db.deleteFrom('users').execute();
    const { log, lines } = captureLog();
    const announced: string[] = [];
    expect(await ensureFirstAdmin(t.deps.db, { log, announce: (line) => announced.push(line) })).toBe('admin@example.com');
    expect(announced).toHaveLength(1);
    const password = /Password \(shown once, change it after signing in\): (\S+)/.exec(announced[0]!)?.[1];
    expect(password).toBeTruthy();
    expect(announced[0]).toContain('First admin created: admin@example.com');
    expect(lines).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(password!);
    // An admin exists now: a second start prints nothing.
    expect(await ensureFirstAdmin(t.deps.db, { log, announce: (line) => announced.push(line) })).toBeNull();
    expect(announced).toHaveLength(1);
    const admin = await t.deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.password_hash, password!)).toBe(true);
  });
});

describe('DEMO_CONTENT', () => {
  // A database of its own: the tests above rely on a fresh one for the About gallery's id.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('with DEMO_CONTENT off, creates only the widgets the pages need', { timeout: 120_000 }, async () => {
    const report = await seedDemoContent(own.deps.db, own.deps.storage, { isDemoContentOn: false });
    expect(report).toEqual({ widgetsCreated: demoWidgets.length, galleriesCreated: 0, testimonialsCreated: 0, insurersCreated: 0 });
    expect(await countRowsIn(own, 'insurers')).toBe(0);
    expect(await countRowsIn(own, 'galleries')).toBe(0);
    expect(await countRowsIn(own, 'testimonials')).toBe(0);
    // Turned on later, the examples come then; an insurer the shop already added is not added twice.
    await own.deps.db.insertInto('insurers').values({ name: demoInsurers[1]!.toUpperCase() }).execute();
    const later = await seedDemoContent(own.deps.db, own.deps.storage, { isDemoContentOn: true });
    expect(later).toEqual({
      widgetsCreated: 0,
      galleriesCreated: demoGalleries.length,
      testimonialsCreated: demoTestimonials.length,
      insurersCreated: demoInsurers.length - 1,
    });
    expect(await countRowsIn(own, 'insurers')).toBe(demoInsurers.length);
  });

  it('with DEMO_CONTENT off, the shop record starts as neutral placeholders, not the demo shop', async () => {
    await own.deps.db.deleteFrom('shop').execute();
    await ensureShop(own.deps.db, { isDemoContentOn: false });
    const row = await own.deps.db.selectFrom('shop').selectAll().executeTakeFirstOrThrow();
    expect(row.name).toBe('Your body shop');
    expect(JSON.stringify(row)).not.toMatch(/Harbourside|Porthaven|Quay Road|TR19|01736 555 014|harbourside-bodyshop/);
    // It is a valid record: the admin's first save of the form starts from it.
    const { client } = await adminClient(own);
    const shop = (await client.get('/api/shop')).body as Record<string, unknown>;
    expect((await client.put('/api/shop', { json: { ...shop, town: 'Hayle' } })).status).toBe(200);
  });
});
