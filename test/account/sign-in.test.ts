// docs/rest-contract.md "Session": registration, login (throttled), logout, the current user, cookie rotation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { cookieOf, login } from '#test/support/accounts.ts';
import { mailsTo } from '#test/support/mail.ts';
import { sessionIdOf } from '#server/auth/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newAccount = (email: string) => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  email,
  password: 'analytical-engine',
  password_confirmation: 'analytical-engine',
});

describe('POST /api/register', () => {
  it('creates a user with role user, signs in and sends the verification e-mail (multipart)', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const before = client.cookie('bodyshop_session');
    const res = await client.post('/api/register', { multipart: newAccount('ada@example.test') });
    expect(res.status).toBe(201);
    expect(res.text).toBe('""');
    expect(res.headers['content-type']).toContain('application/json');
    expect(client.cookie('bodyshop_session')).not.toBe(before);
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.test',
      role: 'user',
      email_verified_at: null,
      two_factor: false,
      has_cv: false,
      dob: null,
    });
    const mails = await mailsTo(t.deps.mailer.outboxDir!, 'ada@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Harbourside Body & Paint');
    expect(mails[0]!.links[0]).toMatch(/^http:\/\/localhost:3000\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(mails[0]!.html).toContain('Verify e-mail address');
  });

  it('accepts JSON too, and lower-cases the e-mail', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/api/register', { json: newAccount('Grace@Example.test') });
    expect(res.status).toBe(201);
    expect((await client.get('/api/user')).body.data.email).toBe('grace@example.test');
  });

  it('answers 422 per field with Laravel messages', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/api/register', {
      multipart: { firstname: '', lastname: '', email: 'not-an-email', password: 'short', password_confirmation: 'other' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      firstname: ['The firstname field is required.'],
      lastname: ['The lastname field is required.'],
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be at least 8 characters.'],
    });
    expect(res.body.message).toBe('The firstname field is required. (and 3 more errors)');
    const mismatch = await client.post('/api/register', {
      json: { firstname: 'A', lastname: 'B', email: 'mm@example.test', password: 'long-enough', password_confirmation: 'other-thing' },
    });
    expect(mismatch.body).toEqual({
      message: 'The password field confirmation does not match.',
      errors: { password: ['The password field confirmation does not match.'] },
    });
  });

  it('refuses a taken e-mail (any case) and a password equal to the e-mail', async () => {
    await createUser(t.deps.db, { email: 'taken@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const taken = await client.post('/api/register', { json: newAccount('TAKEN@example.test') });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    const same = await client.post('/api/register', {
      json: { ...newAccount('me@example.test'), password: 'me@example.test', password_confirmation: 'me@example.test' },
    });
    expect(same.status).toBe(422);
    expect(same.body.errors.password).toEqual(['The password must not be the same as your email address.']);
  });

  it('stores an optional CV given at registration', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/api/register', {
      multipart: {
        ...newAccount('cv@example.test'),
        cvfile: { filename: 'cv.txt', contentType: 'text/plain', data: Buffer.from('Panel beater, 10 years.\n') },
      },
    });
    expect(res.status).toBe(201);
    expect((await client.get('/api/user')).body.data.has_cv).toBe(true);
    const row = await t.deps.db
      .selectFrom('users')
      .select(['cv_mime_type', 'cv_original_name', 'cv_size', 'cv_file_key'])
      .where('email', '=', 'cv@example.test')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cv_mime_type: 'text/plain', cv_original_name: 'cv.txt', cv_size: 24 });
    expect(row.cv_file_key).toMatch(/^private\/cv\/[0-9a-f]{32}\.txt$/);
  });

  it('answers 419 without the XSRF header', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/api/register', { json: newAccount('x@example.test'), noXsrf: true });
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('signs out the previous account when a signed-in caller registers', async () => {
    const old = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    const oldToken = await actingAs(t, client, old.id);
    expect((await client.post('/api/register', { json: newAccount('second@example.test') })).status).toBe(201);
    expect((await client.get('/api/user')).body.data.email).toBe('second@example.test');
    const row = await t.deps.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(oldToken)).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("lists a taken e-mail together with the other fields' messages in one 422 (JSON and multipart)", async () => {
    await createUser(t.deps.db, { email: 'taken-too@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const fields = { ...newAccount('Taken-Too@Example.test'), password: 'short', password_confirmation: 'short' };
    const expected = {
      message: 'The email has already been taken. (and 1 more error)',
      errors: { email: ['The email has already been taken.'], password: ['The password field must be at least 8 characters.'] },
    };
    for (const body of [{ json: fields }, { multipart: fields }]) {
      const res = await client.post('/api/register', body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(expected);
    }
    // A malformed e-mail gets zod's message only; no lookup decides anything about it.
    const malformed = await client.post('/api/register', { json: { ...fields, email: 'taken-too@' } });
    expect(malformed.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be at least 8 characters.'],
    });
    expect(
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('firstname', '=', 'Ada')
        .where('email', '=', 'taken-too@example.test')
        .execute(),
    ).toEqual([]);
  });

  it('lists a taken e-mail with the other messages through tRPC too (caller and /trpc)', async () => {
    await createUser(t.deps.db, { email: 'taken-trpc@example.test' });
    const fields = { ...newAccount('TAKEN-trpc@example.test'), password: 'short', password_confirmation: 'short' };
    const fieldErrors = { email: ['The email has already been taken.'], password: ['The password field must be at least 8 characters.'] };
    const caller = await callerFor(t);
    const error = await caller.session.register(fields).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', cause: { code: 'VALIDATION', fieldErrors } });

    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/trpc/session.register', { json: fields });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      message: 'The email has already been taken.',
      data: { appCode: 'VALIDATION', httpStatus: 422, fieldErrors },
    });
  });

  it('is reachable through tRPC (session.register)', async () => {
    const caller = await callerFor(t);
    await caller.session.register(newAccount('trpc@example.test'));
    const row = await t.deps.db.selectFrom('users').select(['role']).where('email', '=', 'trpc@example.test').executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });
});

describe('POST /login', () => {
  it('signs in, rotating the session and XSRF tokens, with HttpOnly Lax cookies', async () => {
    const user = await createUser(t.deps.db, { email: 'login@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const guestToken = client.cookie('bodyshop_session')!;
    const guestXsrf = client.cookie('XSRF-TOKEN')!;
    const res = await client.post('/login', { json: { email: 'LOGIN@example.test', password: FACTORY_PASSWORD, remember: false } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ two_factor: false });
    const session = cookieOf(res, 'bodyshop_session')!;
    const xsrf = cookieOf(res, 'XSRF-TOKEN')!;
    expect(session.value).not.toBe(guestToken);
    expect(xsrf.value).not.toBe(guestXsrf);
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.maxAge).toBeUndefined();
    expect(xsrf.httpOnly).toBeFalsy();
    expect((await client.get('/api/user')).body.data.id).toBe(user.id);
    // The old token is no longer a session.
    const stale = new TestClient(t.app);
    stale.setCookie('bodyshop_session', guestToken);
    expect((await stale.get('/api/user')).status).toBe(401);
    const row = await t.deps.db
      .selectFrom('sessions')
      .select(['remember', 'expires_at'])
      .where('id', '=', sessionIdOf(session.value))
      .executeTakeFirstOrThrow();
    expect(row.remember).toBe(false);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(119 * 60 * 1000);
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(120 * 60 * 1000);
  });

  it('keeps a Remember me session for 30 days', async () => {
    await createUser(t.deps.db, { email: 'remember@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/login', { form: { email: 'remember@example.test', password: FACTORY_PASSWORD, remember: 'on' } });
    expect(res.status).toBe(200);
    expect(cookieOf(res, 'bodyshop_session')!.maxAge).toBe(30 * 24 * 60 * 60);
    const row = await t.deps.db
      .selectFrom('sessions')
      .select(['remember', 'expires_at'])
      .where('id', '=', sessionIdOf(client.cookie('bodyshop_session')!))
      .executeTakeFirstOrThrow();
    expect(row.remember).toBe(true);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('answers 422 on email for a wrong password or an unknown address', async () => {
    await createUser(t.deps.db, { email: 'wrong@example.test' });
    const client = new TestClient(t.app);
    const wrong = await login(client, 'wrong@example.test', 'not the password');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    const unknown = await login(client, 'nobody@example.test', 'whatever1');
    expect(unknown.body).toEqual(wrong.body);
    const missing = await client.post('/login', { json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ email: ['The email field is required.'], password: ['The password field is required.'] });
  });

  it('answers 429 with Retry-After after 5 failures for one e-mail and address', async () => {
    await createUser(t.deps.db, { email: 'throttle@example.test' });
    const client = new TestClient(t.app);
    for (let i = 0; i < 5; i++) expect((await login(client, 'throttle@example.test', 'bad-password')).status).toBe(422);
    const res = await login(client, 'throttle@example.test', FACTORY_PASSWORD);
    expect(res.status).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const message = `Too many login attempts. Please try again in ${seconds} seconds.`;
    expect(res.body).toEqual({ message, errors: { email: [message] } });
    // Another address is not affected.
    await createUser(t.deps.db, { email: 'other@example.test' });
    expect((await login(client, 'other@example.test')).status).toBe(200);
  });

  // A success used to clear the count, so a guesser who knew one password (or
  // slipped the right one into a batch) got 5 fresh tries. It now gives back only its own attempt.
  it('a success does not reset the window: it only does not count as a failure', async () => {
    await createUser(t.deps.db, { email: 'reset-count@example.test' });
    const client = new TestClient(t.app);
    for (let i = 0; i < 4; i++) expect((await login(client, 'reset-count@example.test', 'bad-password')).status).toBe(422);
    expect((await login(client, 'reset-count@example.test')).status).toBe(200);
    expect((await login(client, 'reset-count@example.test', 'bad-password')).status).toBe(422);
    expect((await login(client, 'reset-count@example.test', 'bad-password')).status).toBe(429);
    expect((await login(client, 'reset-count@example.test')).status).toBe(429);
  });

  it('is reachable through tRPC (session.login) with the same errors', async () => {
    await createUser(t.deps.db, { email: 'trpc-login@example.test' });
    const caller = await callerFor(t);
    expect(await caller.session.login({ email: 'trpc-login@example.test', password: FACTORY_PASSWORD, remember: false })).toEqual({
      two_factor: false,
    });
    await expect(caller.session.login({ email: 'trpc-login@example.test', password: 'nope-nope', remember: false })).rejects.toMatchObject({
      message: 'These credentials do not match our records.',
      code: 'UNPROCESSABLE_CONTENT',
    });
  });

  it('works over the tRPC HTTP endpoint, setting the cookies', async () => {
    await createUser(t.deps.db, { email: 'trpc-http@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/trpc/session.login', { json: { email: 'trpc-http@example.test', password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ two_factor: false });
    const me = await client.get('/trpc/session.me?input=%7B%7D');
    expect(me.body.result.data.data.email).toBe('trpc-http@example.test');
  });
});

describe('POST /logout and GET /api/user', () => {
  it('GET /api/user answers 401 to a guest', async () => {
    const res = await new TestClient(t.app).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('logs out with 204, ending every session of the user', async () => {
    const user = await createUser(t.deps.db, { email: 'logout@example.test' });
    const a = new TestClient(t.app);
    const b = new TestClient(t.app);
    expect((await login(a, 'logout@example.test')).status).toBe(200);
    expect((await login(b, 'logout@example.test')).status).toBe(200);
    const res = await a.post('/logout');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await a.get('/api/user')).status).toBe(401);
    expect((await b.get('/api/user')).status).toBe(401);
    const left = await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(left).toHaveLength(0);
    // The fresh guest cookies let the page sign in again straight away.
    expect((await a.post('/login', { json: { email: 'logout@example.test', password: FACTORY_PASSWORD } })).status).toBe(200);
  });

  it('answers 419 to a logout without the XSRF header', async () => {
    const user = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    const res = await client.post('/logout', { noXsrf: true });
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ message: 'CSRF token mismatch.' });
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('answers 401 to a guest logout', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/logout');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('session.current: the signed-in user, or null without a 401 when signed out', async () => {
    const anonymous = await new TestClient(t.app).get('/trpc/session.current?input=%7B%7D');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result.data).toEqual({ data: null });
    const user = await createUser(t.deps.db);
    expect((await (await callerFor(t, user.id)).session.current({})).data?.id).toBe(user.id);
    expect((await new TestClient(t.app).get('/api/user')).status).toBe(401);
  });

  it('session.me and session.logout through tRPC', async () => {
    const user = await createUser(t.deps.db);
    const caller = await callerFor(t, user.id);
    expect((await caller.session.me({})).data.id).toBe(user.id);
    expect((await caller.session.me()).data.id).toBe(user.id); // no input at all, as the client calls it
    await caller.session.logout({});
    await expect((await callerFor(t)).session.me({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('documents the session paths in the OpenAPI document', async () => {
    const doc = (await new TestClient(t.app).get('/api/openapi.json')).body;
    for (const p of [
      '/login',
      '/logout',
      '/api/user',
      '/api/register',
      '/two-factor-challenge',
      '/forgot-password',
      '/reset-password',
      '/user/password',
      '/user/two-factor-qr-code',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
