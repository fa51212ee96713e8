// Registration limited per address and overall (counted before the body, so a
// refused CV upload is never stored), and a honeypot field that creates nothing and sends nothing.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient, type TestResponse } from '#test/support/client.ts';
import { readOutbox } from '#test/support/mail.ts';
import { REGISTRATION_LIMITS, registrationLimits } from '#server/account/registration.service.ts';

let t: TestApp;
beforeAll(async () => {
  // Clients at different addresses come through a proxy on this machine (X-Forwarded-For).
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const account = (email: string) => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  email,
  password: 'analytical-engine',
  password_confirmation: 'analytical-engine',
});

const cv = { filename: 'cv.txt', contentType: 'text/plain', data: Buffer.from('Panel beater, 10 years.\n'.repeat(1000)) };

async function registerFrom(address: string, body: Record<string, unknown>, multipart = false): Promise<TestResponse> {
  const client = new TestClient(t.app);
  await client.csrf();
  const headers = { 'x-forwarded-for': address };
  return multipart
    ? client.post('/api/register', { multipart: body as Record<string, string>, headers })
    : client.post('/api/register', { json: body, headers });
}

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

async function userCount(emailLike: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', 'like', emailLike)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// First: the limits below use up this file's registrations.
describe('the honeypot field', () => {
  it('answers a filled honeypot as a success, signing nobody in and creating, storing and sending nothing', async () => {
    const filesBefore = await storedFiles();
    const mailsBefore = (await readOutbox(t.deps.mailer.outboxDir!)).length;
    const client = new TestClient(t.app);
    await client.csrf();
    const before = client.cookie('bodyshop_session');
    const res = await client.post('/api/register', {
      multipart: { ...account('bot@example.test'), website: 'https://spam.example', cvfile: cv },
    });
    expect(res.status).toBe(201);
    expect(res.text).toBe('""');
    // The same Set-Cookie a person gets, but the new session belongs to no one.
    expect(client.cookie('bodyshop_session')).not.toBe(before);
    expect((await client.get('/api/user')).status).toBe(401);
    expect(await userCount('bot@%')).toBe(0);
    expect(await storedFiles()).toEqual(filesBefore);
    expect((await readOutbox(t.deps.mailer.outboxDir!)).length).toBe(mailsBefore);

    const viaTrpc = await client.post('/trpc/session.register', { json: { ...account('bot2@example.test'), website: 'x' } });
    // tRPC's usual success (200 with a result), as for a person.
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body).toHaveProperty('result');
    expect(await userCount('bot2@%')).toBe(0);
  });

  it('ignores an empty honeypot (a person)', async () => {
    const res = await registerFrom('10.5.0.1', { ...account('person@example.test'), website: '' });
    expect(res.status).toBe(201);
    expect(await userCount('person@%')).toBe(1);
  });
});

describe('POST /api/register limits', () => {
  it(`allows ${REGISTRATION_LIMITS.perAddress.limit} an hour from one address, then 429 before the body (no account, no file, no mail)`, async () => {
    const { limit } = REGISTRATION_LIMITS.perAddress;
    const results = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) => registerFrom('10.4.0.1', account(`flood-${i}@example.test`))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(limit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await userCount('flood-%')).toBe(limit);

    const filesBefore = await storedFiles();
    const mailsBefore = (await readOutbox(t.deps.mailer.outboxDir!)).length;
    const refused = await registerFrom('10.4.0.1', { ...account('flood-cv@example.test'), cvfile: cv }, true);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(await storedFiles()).toEqual(filesBefore);
    expect((await readOutbox(t.deps.mailer.outboxDir!)).length).toBe(mailsBefore);
    // Another address still registers, with its CV.
    expect((await registerFrom('10.4.0.2', { ...account('other-address@example.test'), cvfile: cv }, true)).status).toBe(201);
  });

  it('counts invalid attempts too, and the tRPC procedure under the same limit', async () => {
    const { limit } = REGISTRATION_LIMITS.perAddress;
    for (let i = 0; i < limit; i++) expect((await registerFrom('10.4.1.1', { email: 'not-an-email' })).status).toBe(422);
    const client = new TestClient(t.app);
    await client.csrf();
    const viaTrpc = await client.post('/trpc/session.register', {
      json: account('trpc-flood@example.test'),
      headers: { 'x-forwarded-for': '10.4.1.1' },
    });
    expect(viaTrpc.status).toBe(429);
    expect(await userCount('trpc-flood%')).toBe(0);
  });

  it(`allows ${REGISTRATION_LIMITS.overall.limit} an hour from all addresses together`, async () => {
    const [, overall] = registrationLimits(null);
    // The registrations above, and others from elsewhere, until one is left this hour.
    let reserved;
    do reserved = await t.deps.rateLimiter.reserve(overall!);
    while (reserved.remaining > 1);
    expect((await registerFrom('10.4.2.1', account('last-one@example.test'))).status).toBe(201);
    expect((await registerFrom('10.4.2.2', account('one-too-many@example.test'))).status).toBe(429);
    expect(await userCount('one-too-many%')).toBe(0);
  });
});
