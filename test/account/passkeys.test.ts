// Passkeys on the server: the options (relying party from APP_URL, challenges kept
// server-side, single use), refusals of responses that are not a ceremony of ours, the list's
// access rules and 404s, and the sign-in throttle, exact under 30 parallel attempts. The real
// ceremonies (register, sign in, autofill, another origin refused) are in test/e2e/passkeys.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createUser } from '#test/support/factories.ts';
import { PASSKEY_LIMITS } from '#server/account/passkeys.service.ts';
import { PASSKEY_ALREADY_ADDED_MESSAGE } from '#shared/schemas/passkeys.ts';
import { newCredentialId, registrationResponse } from '#test/support/webauthn.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t?.close();
});

let nextAddress = 1;
async function guest(ip = `203.0.113.${nextAddress++}`) {
  const client = new TestClient(t.app);
  const request = client.request.bind(client);
  client.request = (method, url, options = {}) =>
    request(method, url, { ...options, headers: { 'x-forwarded-for': ip, ...options.headers } });
  await client.csrf();
  return client;
}

/** A response shaped like a browser's, for `challenge` (its signature is not a real one). */
function fakeResponse(challenge: string, id = 'AAAA') {
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost:3000' })).toString(
    'base64url',
  );
  return {
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
  };
}

describe('adding a passkey', () => {
  it('asks for the confirmed password (423), then gives options for APP_URL with the challenge kept server-side', async () => {
    const user = await createUser(t.deps.db, { email: 'passkey-options@example.test', firstname: 'Pia' });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    expect((await client.post('/api/user/passkeys/options', { json: {} })).status).toBe(423);
    await actingAs(t, client, user.id, { passwordConfirmed: true });
    const res = await client.post('/api/user/passkeys/options', { json: {} });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { options } = res.body;
    expect(options.rp).toEqual({ name: 'Harbourside Body & Paint', id: 'localhost' });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const row = await t.deps.db
      .selectFrom('webauthn_challenges')
      .selectAll()
      .where('challenge', '=', options.challenge)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'register', user_id: user.id });
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it('refuses a response that is no registration of ours: 422 on response; a name is required', async () => {
    const user = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id, { passwordConfirmed: true });
    const { options } = (await client.post('/api/user/passkeys/options', { json: {} })).body;
    const forged = await client.post('/api/user/passkeys', { json: { name: 'Forged', response: fakeResponse(options.challenge) } });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ response: ['The passkey could not be added. Please try again.'] });
    // The challenge went with the attempt: single use.
    expect(
      await t.deps.db.selectFrom('webauthn_challenges').select('challenge').where('challenge', '=', options.challenge).execute(),
    ).toEqual([]);
    const unknown = await client.post('/api/user/passkeys', { json: { name: 'Unknown', response: fakeResponse('not-a-challenge') } });
    expect(unknown.status).toBe(422);
    const missing = await client.post('/api/user/passkeys', { json: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['name', 'response']);
    expect((await client.get('/api/user/passkeys')).body).toEqual({ data: [] });
  });

  it("answers 401 to a guest, and 404 for another user's or an unknown passkey", async () => {
    const guestClient = await guest();
    expect((await guestClient.get('/api/user/passkeys')).status).toBe(401);
    expect((await guestClient.post('/api/user/passkeys/options', { json: {} })).status).toBe(401);
    const owner = await createUser(t.deps.db);
    const [id] = await t.deps.db
      .insertInto('passkeys')
      .values({ user_id: owner.id, credential_id: 'owned-credential', public_key: 'AAAA', counter: 0, name: 'Owner key' })
      .returning('id')
      .execute()
      .then((rows) => rows.map((r) => r.id));
    const other = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, other.id, { passwordConfirmed: true });
    expect((await client.patch(`/api/user/passkeys/${id}`, { json: { name: 'Mine now' } })).status).toBe(404);
    expect((await client.delete(`/api/user/passkeys/${id}`)).status).toBe(404);
    expect((await client.delete('/api/user/passkeys/999999')).status).toBe(404);
    const mine = new TestClient(t.app);
    await actingAs(t, mine, owner.id);
    const renamed = await mine.patch(`/api/user/passkeys/${id}`, { json: { name: 'Work laptop' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual([
      expect.objectContaining({ id, name: 'Work laptop', last_used_at: null, last_used_device: null, last_used_ip: null }),
    ]);
    expect((await mine.patch(`/api/user/passkeys/${id}`, { json: { name: '' } })).status).toBe(422);
    // Removing asks for the confirmed password, as adding does.
    expect((await mine.delete(`/api/user/passkeys/${id}`)).status).toBe(423);
    await actingAs(t, mine, owner.id, { passwordConfirmed: true });
    // The admin dashboard's invitation reads this: shown while the user has none.
    const caller = await callerFor(t, owner.id);
    expect(await caller.passkeys.status({})).toEqual({ hasPasskey: true });
    expect((await mine.delete(`/api/user/passkeys/${id}`)).status).toBe(204);
    expect((await mine.get('/api/user/passkeys')).body).toEqual({ data: [] });
    expect(await caller.passkeys.status({})).toEqual({ hasPasskey: false });
  });
  it('adds a verified passkey; a credential registered already is a 422 with the passkey message, not a 500', async () => {
    const owner = await createUser(t.deps.db, { email: 'passkey-twice@example.test' });
    const other = await createUser(t.deps.db, { email: 'passkey-twice-other@example.test' });
    const credentialId = newCredentialId();
    const add = async (userId: number) => {
      const client = new TestClient(t.app);
      await actingAs(t, client, userId, { passwordConfirmed: true });
      const { options } = (await client.post('/api/user/passkeys/options', { json: {} })).body;
      return client.post('/api/user/passkeys', {
        json: { name: 'Laptop', response: registrationResponse(options.challenge, credentialId) },
      });
    };
    const first = await add(owner.id);
    expect(first.status).toBe(201);
    expect(first.body.data.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
    for (const userId of [owner.id, other.id]) {
      const again = await add(userId);
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ response: [PASSKEY_ALREADY_ADDED_MESSAGE] });
    }
  });
});

describe('signing in with a passkey', () => {
  it('gives options with no credentials listed, and refuses an unknown passkey or a used challenge', async () => {
    const client = await guest();
    const res = await client.post('/api/passkeys/login/options', { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(res.body.options.allowCredentials ?? []).toEqual([]);
    const challenge = res.body.options.challenge as string;
    const unknown = await client.post('/api/passkeys/login', { json: { response: fakeResponse(challenge, 'no-such-credential') } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ response: ['This passkey could not be used to sign in. Try again, or sign in another way.'] });
    const reused = await client.post('/api/passkeys/login', { json: { response: fakeResponse(challenge, 'no-such-credential') } });
    expect(reused.status).toBe(422);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('refuses a forged signature for a real passkey, and leaves its counter alone', async () => {
    const owner = await createUser(t.deps.db);
    await t.deps.db
      .insertInto('passkeys')
      .values({ user_id: owner.id, credential_id: 'real-credential', public_key: 'pQECAyYgASFYIA', counter: 7, name: 'Key' })
      .execute();
    const client = await guest();
    const { options } = (await client.post('/api/passkeys/login/options', { json: {} })).body;
    const forged = await client.post('/api/passkeys/login', { json: { response: fakeResponse(options.challenge, 'real-credential') } });
    expect(forged.status).toBe(422);
    const row = await t.deps.db
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('credential_id', '=', 'real-credential')
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(7);
    expect(row.last_used_at).toBeNull();
  });

  it('throttles sign-ins per address, exactly, under 30 parallel attempts (then 429 before the input)', async () => {
    const client = await guest();
    const limit = PASSKEY_LIMITS.loginPerAddress.limit;
    const answers = await Promise.all(Array.from({ length: limit + 10 }, () => client.post('/api/passkeys/login', { json: {} })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('throttles sign-in options per address, exactly', async () => {
    const client = await guest();
    const limit = PASSKEY_LIMITS.optionsPerAddress.limit;
    const answers = await Promise.all(Array.from({ length: limit + 10 }, () => client.post('/api/passkeys/login/options', { json: {} })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('adding: the per-user throttle', () => {
  it('allows 10 attempts an hour per user, exactly, under 30 parallel attempts', async () => {
    const user = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id, { passwordConfirmed: true });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.post('/api/user/passkeys', { json: { name: 'Guess', response: fakeResponse('nothing') } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(PASSKEY_LIMITS.addPerUser.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - PASSKEY_LIMITS.addPerUser.limit);
  });
});
