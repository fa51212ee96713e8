// The shop form's helpers and the first-run checklist, as the form and a third-party
// client call them: the time zone and the country are checked against the lists the form offers
// (422 per field); GET /api/shop/geocode asks a local geocoder speaking Nominatim's jsonv2 (found,
// not found, down, slow, not set up); GET /api/shop/checklist ticks each step from the data and
// POST /api/shop/checklist/dismiss hides it for the site. Admins only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createGallery, createTestimonial, createWidget } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { downUrl } from '#test/support/pwned-passwords.ts';
import { testEngine } from '#test/support/database.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import { GEOCODE_MESSAGES, GEOCODER_TIMEOUT_MS } from '#server/shop/geocoder.ts';
import { STARTER_TEXT_WIDGET } from '#server/shop/shop-setup.service.ts';
import type { Shop } from '#shared/schemas/shop.ts';

interface FakeGeocoder {
  url: string;
  mode: 'ok' | 'slow' | 'error';
  requests: { url: string; userAgent: string | undefined }[];
  close(): Promise<void>;
}

/** Nominatim's /search in jsonv2: one place for the postcode it knows, an empty list otherwise. */
async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeGeocoder = {
    url: '',
    mode: 'ok',
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    fake.requests.push({ url: request.url ?? '', userAgent: request.headers['user-agent'] });
    const url = new URL(request.url ?? '/', 'http://geocoder');
    if (fake.mode === 'error' || url.pathname !== '/search') {
      response.writeHead(fake.mode === 'error' ? 503 : 404).end();
      return;
    }
    const known = url.searchParams.get('postalcode')?.toUpperCase() === 'TR18 4AB' && url.searchParams.get('countrycodes') === 'gb';
    const body = JSON.stringify(
      known
        ? [
            {
              place_id: 1,
              lat: '50.1188',
              lon: '-5.5372',
              display_name: 'TR18 4AB, Penzance, Cornwall, England, United Kingdom',
              category: 'place',
              type: 'postcode',
            },
          ]
        : [],
    );
    const answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    if (fake.mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) answer();
      }, GEOCODER_TIMEOUT_MS + 2000);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

let t: TestApp;
let admin: TestClient;
let geocoder: FakeGeocoder;
const anon = () => new TestClient(t.app);

beforeAll(async () => {
  geocoder = await startFakeGeocoder();
  t = await createTestApp({ GEOCODER_URL: `${geocoder.url}/` });
  ({ client: admin } = await adminClient(t));
});
afterAll(async () => {
  await t?.close();
  await geocoder?.close();
});
beforeEach(() => {
  geocoder.mode = 'ok';
  geocoder.requests.length = 0;
  t.config.geocoderUrl = geocoder.url;
});

const body = (overrides: Partial<Shop> = {}): Shop => structuredClone({ ...defaultShop, ...overrides });

describe(`the shop form's lists on ${testEngine}`, () => {
  it('GET /api/shop/choices: time zones with Europe/London first, countries by their British English names', async () => {
    const res = await admin.get('/api/shop/choices');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.timeZones[0]).toBe('Europe/London');
    expect(res.body.timeZones).toEqual(expect.arrayContaining(['UTC', 'America/New_York', 'Asia/Tokyo']));
    expect(new Set(res.body.timeZones).size).toBe(res.body.timeZones.length);
    expect(res.body.countries).toEqual(
      expect.arrayContaining([
        { code: 'GB', name: 'United Kingdom' },
        { code: 'IE', name: 'Ireland' },
        { code: 'DE', name: 'Germany' },
      ]),
    );
    const names = res.body.countries.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
  });

  it('PUT /api/shop refuses a time zone and a country not on the lists, each beside its field', async () => {
    // US/Eastern: a name Intl takes as an alias, not one of the list's.
    const res = await admin.put('/api/shop', { json: body({ timeZone: 'US/Eastern', country: 'XX' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      timeZone: ['The time zone field must be a time zone from the list.'],
      country: ['The country field must be a country from the list.'],
    });
    const malformed = await admin.put('/api/shop', { json: body({ timeZone: 'Mars/Olympus', country: 'G1' }) });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({
      timeZone: ['The time zone field must be a time zone such as Europe/London.'],
      country: ['The country field must be a two-letter country code (GB).'],
    });
    expect((await anon().get('/api/shop')).body).toMatchObject({ timeZone: 'Europe/London', country: 'GB' });
  });

  it('PUT /api/shop takes any time zone and country from the lists (a lower-case code too)', async () => {
    const res = await admin.put('/api/shop', { json: body({ timeZone: 'America/St_Johns', country: 'ie' }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: 'America/St_Johns', country: 'IE' });
    expect((await admin.put('/api/shop', { json: body({ timeZone: 'UTC' }) })).body.timeZone).toBe('UTC');
    expect((await admin.put('/api/shop', { json: body() })).status).toBe(200);
  });
});

describe('GET /api/shop/geocode', () => {
  it('finds the postcode: its position and place, asked with the site as User-Agent and a short query', async () => {
    const res = await admin.get('/api/shop/geocode', { query: { postcode: ' TR18 4AB ', country: 'gb' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toEqual({
      status: 'found',
      latitude: 50.1188,
      longitude: -5.5372,
      place: 'TR18 4AB, Penzance, Cornwall, England, United Kingdom',
      message: GEOCODE_MESSAGES.found,
    });
    expect(geocoder.requests).toHaveLength(1);
    const asked = new URL(geocoder.requests[0]!.url, 'http://geocoder');
    expect(asked.pathname).toBe('/search');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ postalcode: 'TR18 4AB', countrycodes: 'gb', format: 'jsonv2', limit: '1' });
    expect(geocoder.requests[0]!.userAgent).toBe('harbourside-bodyshop (http://localhost:3000)');
  });

  it('says so when the geocoder knows no such postcode', async () => {
    const res = await admin.get('/api/shop/geocode', { query: { postcode: 'ZZ99 9ZZ', country: 'GB' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'not-found', latitude: null, longitude: null, place: null, message: GEOCODE_MESSAGES.notFound });
  });

  it('says so when the geocoder is down, answers an error, or is slower than the timeout', async () => {
    const unreachable = { status: 'unreachable', latitude: null, longitude: null, place: null, message: GEOCODE_MESSAGES.unreachable };
    t.config.geocoderUrl = await downUrl();
    expect((await admin.get('/api/shop/geocode', { query: { postcode: 'TR18 4AB', country: 'GB' } })).body).toEqual(unreachable);

    t.config.geocoderUrl = geocoder.url;
    geocoder.mode = 'error';
    expect((await admin.get('/api/shop/geocode', { query: { postcode: 'TR18 4AB', country: 'GB' } })).body).toEqual(unreachable);

    geocoder.mode = 'slow';
    const started = Date.now();
    const slow = await admin.get('/api/shop/geocode', { query: { postcode: 'TR18 4AB', country: 'GB' } });
    expect(slow.body).toEqual(unreachable);
    expect(Date.now() - started).toBeLessThan(GEOCODER_TIMEOUT_MS + 1500);
  });

  it('says it is not set up without GEOCODER_URL, and asks nobody', async () => {
    t.config.geocoderUrl = undefined;
    const res = await admin.get('/api/shop/geocode', { query: { postcode: 'TR18 4AB', country: 'GB' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'not-configured', message: GEOCODE_MESSAGES.notConfigured });
    expect(geocoder.requests).toEqual([]);
  });

  it('answers 422 per field for a missing postcode and a country not on the list', async () => {
    const res = await admin.get('/api/shop/geocode', { query: { postcode: '', country: 'XX' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      postcode: ['The postcode field is required.'],
      country: ['The country field must be a country from the list.'],
    });
    expect(geocoder.requests).toEqual([]);
  });

  it('refuses a visitor (401) and a user who is not an admin (403), asking nobody', async () => {
    expect((await anon().get('/api/shop/geocode', { query: { postcode: 'TR18 4AB', country: 'GB' } })).status).toBe(401);
    const { client: user } = await clientAs(t, { role: 'user' });
    expect((await user.get('/api/shop/geocode', { query: { postcode: 'TR18 4AB', country: 'GB' } })).status).toBe(403);
    expect((await user.get('/api/shop/choices')).status).toBe(403);
    expect(geocoder.requests).toEqual([]);
  });
});

describe('the first-run checklist', () => {
  const done = (res: { body: { items: { key: string; done: boolean }[] } }) =>
    Object.fromEntries(res.body.items.map((item) => [item.key, item.done]));

  it('refuses a visitor (401) and a user who is not an admin (403)', async () => {
    const guest = anon();
    expect((await guest.get('/api/shop/checklist')).status).toBe(401);
    await guest.csrf();
    expect((await guest.post('/api/shop/checklist/dismiss')).status).toBe(401);
    const { client: user } = await clientAs(t, { role: 'member' });
    expect((await user.get('/api/shop/checklist')).status).toBe(403);
    expect((await user.post('/api/shop/checklist/dismiss')).status).toBe(403);
    expect((await admin.get('/api/shop/checklist')).body.dismissed).toBe(false);
  });

  it('ticks each step from the data, then hides for the whole site once dismissed', async () => {
    // A fresh site of its own: the other tests here saved the shop already.
    const site = await createTestApp();
    try {
      const { client } = await adminClient(site);
      const first = await client.get('/api/shop/checklist');
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toContain('no-store');
      expect(first.body).toEqual({
        dismissed: false,
        items: [
          { key: 'shopDetails', done: false },
          { key: 'starterText', done: false },
          { key: 'photos', done: false },
          { key: 'testimonial', done: false },
        ],
      });

      // The seed's introduction, untouched: still the starter text.
      const intro = await createWidget(site.deps.db, { name: STARTER_TEXT_WIDGET, html: '<p>Starter</p>' });
      expect(done(await client.get('/api/shop/checklist')).starterText).toBe(false);

      // A refused save is not a save.
      expect((await client.put('/api/shop', { json: body({ name: '' }) })).status).toBe(422);
      expect(done(await client.get('/api/shop/checklist')).shopDetails).toBe(false);
      expect((await client.put('/api/shop', { json: body({ name: 'Quayside Coachworks' }) })).status).toBe(200);
      expect(done(await client.get('/api/shop/checklist'))).toEqual({
        shopDetails: true,
        starterText: false,
        photos: false,
        testimonial: false,
      });

      const edited = await client.post(`/api/widgets/${intro.id}`, {
        multipart: { name: STARTER_TEXT_WIDGET, type: 'TEXT', html: '<p>Our own words</p>', alt: '' },
      });
      expect(edited.status).toBe(200);
      expect(done(await client.get('/api/shop/checklist')).starterText).toBe(true);

      // A gallery without images is not photos.
      await createGallery(site.deps.db, site.deps.storage, { imageCount: 0 });
      expect(done(await client.get('/api/shop/checklist')).photos).toBe(false);
      await createGallery(site.deps.db, site.deps.storage, { imageCount: 1 });
      await createTestimonial(site.deps.db);
      expect(await client.get('/api/shop/checklist').then((res) => res.body)).toEqual({
        dismissed: false,
        items: [
          { key: 'shopDetails', done: true },
          { key: 'starterText', done: true },
          { key: 'photos', done: true },
          { key: 'testimonial', done: true },
        ],
      });

      const dismissed = await client.post('/api/shop/checklist/dismiss');
      expect(dismissed.status).toBe(200);
      expect(dismissed.body.dismissed).toBe(true);
      // Per site, not per admin or browser: another admin sees it dismissed too; twice is the same.
      const { client: other } = await adminClient(site);
      expect((await other.get('/api/shop/checklist')).body.dismissed).toBe(true);
      expect((await other.post('/api/shop/checklist/dismiss')).body.dismissed).toBe(true);
    } finally {
      await site.close();
    }
  });
});
