// The shop's details over REST, as a third-party client calls them: GET /api/shop for everyone
// (from the public snapshot), PUT /api/shop for admins with a 422 per field; the pages, the
// structured data and the e-mails follow a change at once. This app does not refresh the snapshot
// per request (test/support/app.ts), so the test proves the write refreshes it.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { mailsTo } from '#test/support/mail.ts';
import { testEngine } from '#test/support/database.ts';
import { listenForServed, served } from '#test/support/served.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { PageShell } from '#server/public-content/page-shell.ts';
import { renderPage } from '#client/entry-server.tsx';

let t: TestApp;
let admin: TestClient;
let shell: PageShell;
let clientDir: string;
const anon = () => new TestClient(t.app);

beforeAll(async () => {
  t = await createTestApp({}, { refreshSnapshotPerRequest: false });
  ({ client: admin } = await adminClient(t));
  // The pages as the server renders them (the client's index.html and server render, from source).
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-shop-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  shell = new PageShell(clientDir, { appUrl: 'http://localhost:3000' }, renderPage);
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const pageHtml = async (pathname: string) => (await shell.render(pathname, t.deps.publicContent.current())).html;

const nine = [{ opens: '09:00', closes: '17:00' }];
function body(overrides: Partial<Shop> = {}): Shop {
  return structuredClone({ ...defaultShop, ...overrides });
}

describe(`GET /api/shop on ${testEngine}`, () => {
  it('answers everyone with the seeded record, camelCase, with an ETag', async () => {
    const res = await served(await listenForServed(t), '/api/shop');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual(defaultShop);
    expect(JSON.parse(res.text)).toMatchObject({ openingHours: { monday: nine, sunday: [] }, timeZone: 'Europe/London' });
    expect(res.headers.etag).toMatch(/^"/);
  });
});

describe('PUT /api/shop', () => {
  it('refuses a visitor (401) and a user who is not an admin (403)', async () => {
    const guest = anon();
    await guest.csrf();
    const anonymous = await guest.put('/api/shop', { json: body() });
    expect(anonymous.status).toBe(401);
    const { client: user } = await clientAs(t, { role: 'user' });
    const refused = await user.put('/api/shop', { json: body({ name: 'Taken over' }) });
    expect(refused.status).toBe(403);
    expect((await anon().get('/api/shop')).body.name).toBe(defaultShop.name);
  });

  it('refuses a PUT without the CSRF token (419)', async () => {
    const res = await admin.put('/api/shop', { json: body(), noXsrf: true });
    expect(res.status).toBe(419);
  });

  it('saves the whole record (200) and the next public read, page and JSON-LD show it', async () => {
    const changed = body({
      name: 'Quayside Coachworks',
      telephone: '01736 000 111',
      openingHours: {
        ...defaultShop.openingHours,
        monday: [
          { opens: '08:00', closes: '12:00' },
          { opens: '13:00', closes: '18:30' },
        ],
        saturday: [{ opens: '09:00', closes: '12:00' }],
      },
      closures: [{ from: '2026-12-25', to: '2026-12-26', note: 'Christmas' }],
      socialLinks: [
        { label: 'Facebook', url: 'https://www.facebook.com/quayside' },
        { label: 'Instagram', url: 'https://www.instagram.com/quayside' },
      ],
    });
    const res = await admin.put('/api/shop', { json: changed });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(changed);

    const read = await anon().get('/api/shop');
    expect(read.body).toEqual(changed);

    const page = { text: await pageHtml('/contact') };
    expect(page.text).toContain('<title>Contact | Quayside Coachworks</title>');
    expect(page.text).toContain('01736 000 111');
    // The contact page's hours table, rendered on the server.
    expect(page.text).toMatch(/Monday<\/th><td>8am to 12pm, 1pm to 6:30pm<\/td>/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.text)![1]!);
    expect(jsonLd.name).toBe('Quayside Coachworks');
    expect(jsonLd.openingHoursSpecification).toEqual(
      expect.arrayContaining([
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Monday'], opens: '08:00', closes: '12:00' },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: [
            'https://schema.org/Tuesday',
            'https://schema.org/Wednesday',
            'https://schema.org/Thursday',
            'https://schema.org/Friday',
          ],
          opens: '09:00',
          closes: '17:00',
        },
      ]),
    );
    expect(jsonLd.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-26', description: 'Christmas' },
    ]);
    expect(jsonLd.sameAs).toEqual(['https://www.facebook.com/quayside', 'https://www.instagram.com/quayside']);

    // Put back for the other tests.
    expect((await admin.put('/api/shop', { json: body() })).status).toBe(200);
  });

  it('answers 422 with every field error at once, on nested keys', async () => {
    const res = await admin.put('/api/shop', {
      json: {
        ...body(),
        name: '  ',
        postcode: '',
        telephone: '',
        email: 'not-an-address',
        latitude: 91,
        longitude: -181,
        timeZone: 'Mars/Olympus',
        socialLinks: [{ label: 'Evil', url: 'javascript:alert(1)' }],
        openingHours: {
          ...defaultShop.openingHours,
          monday: [
            { opens: '09:00', closes: '12:00' },
            { opens: '13:00', closes: '25:00' },
          ],
          tuesday: [{ opens: '17:00', closes: '09:00' }],
          wednesday: [
            { opens: '09:00', closes: '13:00' },
            { opens: '12:00', closes: '17:00' },
          ],
          thursday: [{ opens: '9:00', closes: '17:00' }],
        },
        closures: [
          { from: '2026-12-26', to: '2026-12-25', note: '' },
          { from: '2026-02-30', to: '2026-03-01', note: '' },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^The name field is required\. \(and \d+ more errors?\)$/);
    expect(res.body.errors).toEqual({
      name: ['The name field is required.'],
      postcode: ['The postcode field is required.'],
      telephone: ['The telephone field is required.'],
      email: ['The email field must be a valid email address.'],
      latitude: ['The latitude field must be between -90 and 90.'],
      longitude: ['The longitude field must be between -180 and 180.'],
      'socialLinks.0.url': ['The url field must be a valid URL.'],
      'openingHours.monday.1.closes': ['The closing time field must be a time from 00:00 to 23:59 (HH:MM).'],
      'openingHours.tuesday.0.closes': ['The closing time must be after the opening time.'],
      'openingHours.wednesday.1.opens': ['The ranges of a day must be in order and must not overlap.'],
      'openingHours.thursday.0.opens': ['The opening time field must be a time from 00:00 to 23:59 (HH:MM).'],
      'closures.0.to': ['The to date must be on or after the from date.'],
      'closures.1.from': ['The from field must be a date (YYYY-MM-DD).'],
      timeZone: ['The time zone field must be a time zone such as Europe/London.'],
    });
    expect((await anon().get('/api/shop')).body).toEqual(defaultShop);
  });

  it('answers 422 for a missing body and for wrong types', async () => {
    const empty = await admin.put('/api/shop', { json: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(
      expect.arrayContaining([
        'name',
        'addressLines',
        'town',
        'postcode',
        'country',
        'telephone',
        'email',
        'latitude',
        'longitude',
        'openingHours',
      ]),
    );
    const wrong = await admin.put('/api/shop', { json: { ...body(), latitude: 'north', openingHours: 'always', closures: 'never' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      latitude: ['The latitude field must be a number.'],
      openingHours: ['The opening hours field must name each weekday with its ranges.'],
      closures: ['The closures field must be a list.'],
    });
  });

  it('stores HTML in a field as text and shows it escaped', async () => {
    const name = '<b>Bold</b> & <script>alert(1)</script> Co';
    const res = await admin.put('/api/shop', {
      json: body({ name, closures: [{ from: '2030-01-01', to: '2030-01-02', note: '<img src=x onerror=alert(1)>' }] }),
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(name);
    const row = await t.deps.db.selectFrom('shop').select(['name', 'closures']).executeTakeFirstOrThrow();
    expect(row.name).toBe(name);
    expect(row.closures).toContain('<img src=x onerror=alert(1)>');
    const page = { text: await pageHtml('/') };
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).not.toContain('<b>Bold</b>');
    expect(page.text).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt; Co');
    // The JSON-LD and the embedded data cannot close their <script>.
    expect(page.text).toContain('\\u003cscript>alert(1)\\u003c/script>');
    expect((await admin.put('/api/shop', { json: body() })).status).toBe(200);
  });

  it('signs the e-mails with the record', async () => {
    expect((await admin.put('/api/shop', { json: body({ name: 'Signed Shop Ltd', telephone: '01234 567 890' }) })).status).toBe(200);
    const user = await createUser(t.deps.db, { email: 'signature@example.test' });
    const guest = anon();
    await guest.csrf();
    expect((await guest.post('/forgot-password', { json: { email: user.email } })).status).toBe(200);
    await t.deps.jobs.drain();
    const [mail] = await mailsTo(t.deps.mailer.outboxDir!, user.email);
    expect(mail!.subject).toBe('Reset your password - Signed Shop Ltd');
    expect(mail!.text).toContain(
      'Signed Shop Ltd\nUnit 4, Quay Road Industrial Estate, Porthaven, Cornwall, TR19 4QX\n01234 567 890 · hello@harbourside-bodyshop.co.uk',
    );
    expect(mail!.html).toContain('Signed Shop Ltd<br>');
    expect((await admin.put('/api/shop', { json: body() })).status).toBe(200);
  });
});

describe('the trust signals on PUT and GET /api/shop', () => {
  const signals = {
    accreditations: ['BS 10125', 'PAS 125'],
    insurers: ['Direct Line', 'Aviva'],
    yearEstablished: 1998,
    warranty: 'Lifetime guarantee on paintwork',
    reviewsUrl: 'https://reviews.example.test/harbourside',
  };

  it('starts empty, saves them (trimmed) and reads them back; a body without them (an older client) clears them', async () => {
    expect((await anon().get('/api/shop')).body).toMatchObject({
      accreditations: [],
      insurers: [],
      yearEstablished: null,
      warranty: '',
      reviewsUrl: '',
    });
    const saved = await admin.put('/api/shop', {
      json: { ...body(), ...signals, accreditations: [' BS 10125 ', 'PAS 125'], warranty: ' Lifetime guarantee on paintwork ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(signals);
    // reviewLink: the same link under its older name.
    expect((await anon().get('/api/shop')).body).toEqual({ ...body(), ...signals, reviewLink: signals.reviewsUrl });

    const { accreditations: _a, insurers: _i, yearEstablished: _y, warranty: _w, reviewsUrl: _r, ...older } = body();
    const replaced = await admin.put('/api/shop', { json: older });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual(defaultShop);
  });

  it('keeps one review link, answered under both names; a client may set it by either name', async () => {
    // An older client that knows only reviewLink.
    const { reviewsUrl: _r, ...withoutReviewsUrl } = body();
    const older = await admin.put('/api/shop', { json: { ...withoutReviewsUrl, reviewLink: 'https://g.page/r/harbourside/review' } });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({
      reviewsUrl: 'https://g.page/r/harbourside/review',
      reviewLink: 'https://g.page/r/harbourside/review',
    });
    // Either name edited, the other sent back as read: the edited one is the link.
    const read = (await anon().get('/api/shop')).body;
    const byOldName = await admin.put('/api/shop', { json: { ...read, reviewLink: 'https://reviews.example.test/one' } });
    expect(byOldName.body).toMatchObject({
      reviewsUrl: 'https://reviews.example.test/one',
      reviewLink: 'https://reviews.example.test/one',
    });
    const cleared = await admin.put('/api/shop', { json: { ...byOldName.body, reviewsUrl: '' } });
    expect(cleared.body).toMatchObject({ reviewsUrl: '', reviewLink: '' });
    const bad = await admin.put('/api/shop', { json: { ...body(), reviewsUrl: undefined, reviewLink: 'http://g.page/x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ reviewLink: ['The review link field must start with https://.'] });
    expect((await admin.put('/api/shop', { json: body() })).status).toBe(200);
  });

  it('shows on the home page only the signals that are set', async () => {
    expect(await pageHtml('/')).not.toContain('class="trust"');
    expect(await pageHtml('/')).not.toContain('foundingDate');
    expect((await admin.put('/api/shop', { json: { ...body(), ...signals, insurers: [], warranty: '' } })).status).toBe(200);
    const html = await pageHtml('/');
    expect(html).toContain('<strong>Trading since 1998</strong>');
    expect(html).toContain('BS 10125, PAS 125');
    expect(html).toContain('href="https://reviews.example.test/harbourside"');
    expect(html).not.toContain('Insurers we work with');
    expect(html).not.toContain('Warranty:');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(jsonLd.foundingDate).toBe('1998');
    expect((await admin.put('/api/shop', { json: body() })).status).toBe(200);
  });

  it('answers 422 for each bad signal at once', async () => {
    const res = await admin.put('/api/shop', {
      json: {
        ...body(),
        accreditations: ['BS 10125', '  ', 'x'.repeat(101)],
        insurers: Array.from({ length: 21 }, (_, i) => `Insurer ${i}`),
        yearEstablished: new Date().getUTCFullYear() + 1,
        warranty: 'w'.repeat(256),
        reviewsUrl: 'http://reviews.example.test/harbourside',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'accreditations.1': ['The accreditation field is required.'],
      'accreditations.2': ['The accreditation field must not be greater than 100 characters.'],
      insurers: ['At most 20 insurers.'],
      yearEstablished: ['The year established field must be a year from 1800 to this year.'],
      warranty: ['The warranty field must not be greater than 255 characters.'],
      reviewsUrl: ['The reviews link field must start with https://.'],
    });
    const wrong = await admin.put('/api/shop', { json: { ...body(), yearEstablished: 'long ago', reviewsUrl: 'javascript:alert(1)' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      yearEstablished: ['The year established field must be a year.'],
      reviewsUrl: ['The reviews link field must be a valid URL.'],
    });
    expect((await anon().get('/api/shop')).body).toEqual(defaultShop);
  });
});
