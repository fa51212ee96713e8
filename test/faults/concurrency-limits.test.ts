// The login, two-factor and tRPC-batching throttles, against the built site as a real process (embedded
// PGlite, or PostgreSQL with TEST_DATABASE_URL, where the limits live in the rate_limits table):
// parallel guesses never get more evaluations than the limit, whatever the transport.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../e2e/support/server.ts';
import { ApiClient, createUser, type ApiResponse, type CreatedUser } from '../e2e/support/api.ts';
import { totpCode } from '#test/support/totp.ts';

let server: Awaited<ReturnType<typeof startServer>>;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate') });
  admin = new ApiClient(server.baseUrl);
  await admin.login(server.adminEmail, server.adminPassword);
});

afterAll(async () => {
  await server?.stop();
});

function tally(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** The figures go to the run's output, so a reader sees what was measured, not only that it passed. */
function report(label: string, responses: ApiResponse[], startedAt: number): Record<number, number> {
  const counts = tally(responses);
  console.log(`${label}: ${JSON.stringify(counts)} in ${Date.now() - startedAt} ms`);
  return counts;
}

async function guest(): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  await client.expect('GET', '/sanctum/csrf-cookie', [204]);
  return client;
}

async function signedIn(user: CreatedUser): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  await client.login(user.email, user.password);
  return client;
}

describe('limits under concurrency (real server)', () => {
  it('30 parallel wrong passwords for one account: exactly 5 evaluated, 25 answered 429', async () => {
    const user = await createUser(admin);
    const client = await guest();
    const startedAt = Date.now();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => client.post('/login', { email: user.email, password: `wrong-${i}`, remember: false })),
    );
    const counts = report('30 parallel wrong logins', results, startedAt);
    expect(counts).toEqual({ 422: 5, 429: 25 });
    // The right password waits for the window too (a success inside it would not reset it anyway).
    expect((await client.post('/login', { email: user.email, password: user.password, remember: false })).status).toBe(429);
  });

  it('30 parallel two-factor codes: at most 5 evaluated, and signing in again gives no new guesses', async () => {
    const user = await createUser(admin);
    const owner = await signedIn(user);
    await owner.expect('POST', '/user/confirm-password', [201], { password: user.password });
    await owner.expect('POST', '/user/two-factor-authentication', [200], {});
    const secret = (await owner.expect('GET', '/user/two-factor-secret-key', [200])).body.secretKey as string;
    await owner.expect('POST', '/user/confirmed-two-factor-authentication', [200], { code: totpCode(secret) });

    const attacker = await guest();
    expect((await attacker.expect('POST', '/login', [200], { email: user.email, password: user.password, remember: false })).body).toEqual({
      two_factor: true,
    });
    const valid = new Set([-1, 0, 1].map((offset) => totpCode(secret, offset)));
    const guesses = Array.from({ length: 40 }, (_, i) => String(100000 + i * 7919))
      .filter((code) => !valid.has(code))
      .slice(0, 30);
    const startedAt = Date.now();
    const results = await Promise.all(guesses.map((code) => attacker.post('/two-factor-challenge', { code })));
    const counts = report('30 parallel two-factor codes', results, startedAt);
    expect(counts[422]).toBe(5);
    expect(counts[429]).toBe(25);

    // A new login (new pending session) used to reset the count; it no longer does.
    const again = await guest();
    await again.expect('POST', '/login', [200], { email: user.email, password: user.password, remember: false });
    expect((await again.post('/two-factor-challenge', { code: guesses[0] })).status).toBe(429);
  });

  it('a tRPC batch of 100 password confirmations is refused whole; 100 separate ones get 5 evaluated', async () => {
    const user = await createUser(admin);
    const client = await signedIn(user);
    const calls = Array.from({ length: 100 }, () => 'session.confirmPassword').join(',');
    const input = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [i, { password: i === 99 ? user.password : `guess-${i}` }]));
    const startedAt = Date.now();
    const batch = await client.post(`/trpc/${calls}?batch=1`, input);
    console.log(`tRPC batch of 100 confirmations: ${batch.status} in ${Date.now() - startedAt} ms`);
    expect(batch.status).toBe(400);
    // Nothing in it ran: the 423 gate is still shut.
    expect((await client.get('/user/confirmed-password-status')).body).toEqual({ confirmed: false });

    const separateStart = Date.now();
    const separate = await Promise.all(
      Array.from({ length: 100 }, (_, i) => client.post('/user/confirm-password', { password: `guess-${i}` })),
    );
    const counts = report('100 parallel wrong confirmations', separate, separateStart);
    expect(counts).toEqual({ 422: 5, 429: 95 });
    expect((await client.post('/user/confirm-password', { password: user.password })).status).toBe(429);
  });

  it('a tRPC batch of 350 logins (the review’s request) is refused before any password is hashed', async () => {
    const user = await createUser(admin);
    const client = await guest();
    const calls = Array.from({ length: 350 }, () => 'session.login').join(',');
    const input = Object.fromEntries(
      Array.from({ length: 350 }, (_, i) => [i, { email: user.email, password: i === 349 ? user.password : `wrong-${i}` }]),
    );
    const startedAt = Date.now();
    const batch = await client.post(`/trpc/${calls}?batch=1`, input);
    console.log(`tRPC batch of 350 logins: ${batch.status} in ${Date.now() - startedAt} ms`);
    expect(batch.status).toBe(400);
    // No attempt was counted: the account still has its 5.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/login', { email: user.email, password: `again-${i}`, remember: false })),
    );
    expect(tally(results)).toEqual({ 422: 5, 429: 1 });
  });

  // Copies of the site on one PostgreSQL count in its rate_limits table, together.
  // (The embedded database runs as one copy only, so this needs TEST_DATABASE_URL.)
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two copies on one PostgreSQL: 30 parallel wrong logins split across them get 5 evaluated',
    async () => {
      const second = await startServer({
        appRoot: inject('e2eAppRoot'),
        template: inject('e2eTemplate'),
        sharedDatabase: server.databaseName,
      });
      try {
        const user = await createUser(admin);
        const [a, b] = [await guest(), new ApiClient(second.baseUrl)];
        await b.expect('GET', '/sanctum/csrf-cookie', [204]);
        const startedAt = Date.now();
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            (i % 2 ? a : b).post('/login', { email: user.email, password: `wrong-${i}`, remember: false }),
          ),
        );
        const counts = report('30 parallel wrong logins over two copies', results, startedAt);
        expect(counts).toEqual({ 422: 5, 429: 25 });

        // And per user across copies: 5 wrong confirmations on one copy leave none for the other.
        const other = await createUser(admin);
        const onA = await signedIn(other);
        const onB = new ApiClient(second.baseUrl);
        await onB.login(other.email, other.password);
        const confirmations = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).post('/user/confirm-password', { password: `guess-${i}` })),
        );
        expect(report('20 parallel wrong confirmations over two copies', confirmations, startedAt)).toEqual({ 422: 5, 429: 15 });
      } finally {
        await second.stop();
      }
    },
  );
});
