// docs/rest-contract.md "Account": GET /api/user/export, the user's data as a JSON file (GDPR access).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';
import { login, turnOnTwoFactor } from '#test/support/accounts.ts';
import { SESSION_COOKIE, sessionIdOf } from '#server/auth/sessions.ts';
import { insertQuoteRequest } from '#server/quotes/quote-requests.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('GET /api/user/export', () => {
  it('downloads the profile, CV details, sessions, CV downloads and quote requests as an attachment, never a secret', async () => {
    const user = await createUser(t.deps.db, { firstname: 'Morwenna', telephone: '01736 000000' });
    const client = new TestClient(t.app);
    expect((await login(client, user.email)).status).toBe(200);
    const other = new TestClient(t.app);
    await other.get('/sanctum/csrf-cookie', { headers: { 'user-agent': UA } });
    expect(
      (await other.post('/login', { json: { email: user.email, password: 'correct horse battery' }, headers: { 'user-agent': UA } }))
        .status,
    ).toBe(200);
    const { secret, codes } = await turnOnTwoFactor(client);
    await t.deps.db
      .updateTable('users')
      .set({ cv_file_key: `private/cv/${user.id}-x.pdf`, cv_original_name: 'my cv.pdf', cv_mime_type: 'application/pdf', cv_size: 1234 })
      .where('id', '=', user.id)
      .execute();
    await t.deps.db.insertInto('cv_downloads').values({ user_id: user.id, downloaded_by: null }).execute();
    await t.deps.db
      .insertInto('passkeys')
      .values({ user_id: user.id, credential_id: 'export-credential', public_key: 'PUBLIC-KEY-BYTES', counter: 3, name: 'My phone' })
      .execute();
    const request = {
      name: 'Morwenna Tregear',
      email: user.email,
      telephone: '01736 000000',
      vehicle: 'Ford Fiesta',
      registration: 'AB12 CDE',
      description: 'A dented rear door after a car park knock.',
      preferred_contact: 'phone' as const,
    };
    await insertQuoteRequest(t.deps.db, { ...request, reference: 'Q-2026-EXPRT1', user_id: user.id, notes: 'Call after 5pm' });
    const stranger = await createUser(t.deps.db);
    await insertQuoteRequest(t.deps.db, { ...request, reference: 'Q-2026-EXPRT2', user_id: stranger.id, email: stranger.email });

    const res = await client.get('/api/user/export');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="my-data-${today}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);

    const me = (await client.get('/api/user')).body.data;
    expect(res.body).toEqual({
      exportedAt: expect.any(String),
      profile: { ...me, has_cv: true },
      cv: { fileName: 'my cv.pdf', type: 'application/pdf', size: 1234 },
      sessions: expect.any(Array),
      cvDownloads: [{ downloadedAt: expect.any(String) }],
      quoteRequests: [
        {
          ...request,
          id: expect.any(Number),
          reference: 'Q-2026-EXPRT1',
          status: 'new',
          photo_count: 0,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          // The shop's answers go with the request (test/quotes/quote-replies.test.ts).
          replies: [],
        },
      ],
      passkeys: [{ name: 'My phone', created_at: expect.any(String), last_used_at: null, last_used_device: null, last_used_ip: null }],
      // Bookings have their own test (test/bookings/booking-lifecycle.test.ts).
      bookings: [],
      // Repair jobs: test/repair-jobs/repair-jobs.test.ts.
      repairJobs: [],
      invoices: [],
    });
    expect(Math.abs(Date.parse(res.body.exportedAt) - Date.now())).toBeLessThan(60_000);
    expect(res.body.profile).toMatchObject({ firstname: 'Morwenna', telephone: '01736 000000', two_factor: true });
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ current: true, id: expect.stringMatching(/^[0-9a-f]{16}$/), signedInAt: expect.any(String) }),
        expect.objectContaining({ current: false, browser: 'Firefox', system: 'Linux', userAgent: UA }),
      ]),
    );

    // No hash, no two-factor secret or recovery code, no session token or stored id.
    const text = res.text;
    for (const forbidden of [secret, ...codes, client.cookie(SESSION_COOKIE)!, other.cookie(SESSION_COOKIE)!]) {
      expect(text).not.toContain(forbidden);
    }
    expect(text).not.toContain(sessionIdOf(client.cookie(SESSION_COOKIE)!));
    expect(text).not.toContain(sessionIdOf(other.cookie(SESSION_COOKIE)!));
    expect(text).not.toMatch(/password|argon2|two_factor_secret|recovery/i);
    // The shop's own notes on a request are not the customer's data.
    expect(text).not.toContain('Call after 5pm');
    // A passkey's name, not its key or credential id.
    expect(text).not.toContain('PUBLIC-KEY-BYTES');
    expect(text).not.toContain('export-credential');
  });

  it('is 401 for a visitor', async () => {
    const res = await new TestClient(t.app).get('/api/user/export');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });
});
