// docs/rest-contract.md "Account": DELETE /api/user, a user deleting their own account with the password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { login } from '#test/support/accounts.ts';
import { SESSION_COOKIE, sessionIdOf } from '#server/auth/sessions.ts';
import { PASSWORD_CHECK_LIMITS } from '#server/account/passwords.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WRONG_PASSWORD = { message: 'The provided password was incorrect.', errors: { password: ['The provided password was incorrect.'] } };
const LAST_ADMIN = 'You are the only admin: make another user an admin before deleting your account.';

async function signedIn(email: string) {
  const client = new TestClient(t.app);
  expect((await login(client, email)).status).toBe(200);
  return client;
}

const userRow = (id: number) => t.deps.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();

describe('DELETE /api/user', () => {
  it('with the password removes the user, their sessions, CV file and records; signed out, and cannot sign in again', async () => {
    const user = await createUser(t.deps.db);
    const cvKey = `private/cv/${user.id}-self-delete.pdf`;
    await t.deps.storage.putBuffer(cvKey, Buffer.from('%PDF-1.4 cv'));
    await t.deps.db
      .updateTable('users')
      .set({ cv_file_key: cvKey, cv_original_name: 'cv.pdf', cv_mime_type: 'application/pdf', cv_size: 11 })
      .where('id', '=', user.id)
      .execute();
    await t.deps.db.insertInto('cv_downloads').values({ user_id: user.id, downloaded_by: null }).execute();
    await t.deps.db
      .insertInto('password_reset_tokens')
      .values({ user_id: user.id, token_hash: 'f'.repeat(64) })
      .execute();
    const browser = await signedIn(user.email);
    const phone = await signedIn(user.email);
    const oldToken = browser.cookie(SESSION_COOKIE)!;

    const res = await browser.delete('/api/user', { json: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('""');
    // The browser's cookie is replaced by a guest token, whose session has no row.
    const newToken = browser.cookie(SESSION_COOKIE);
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(oldToken);
    expect(res.text).not.toContain(oldToken);

    expect(await userRow(user.id)).toBeUndefined();
    expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(oldToken)).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('cv_downloads').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.deps.storage.size(cvKey)).toBeNull();
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(401);
    const again = await login(new TestClient(t.app), user.email);
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('refuses a wrong or missing password with a 422, and deletes nothing', async () => {
    const user = await createUser(t.deps.db);
    const client = await signedIn(user.email);
    const wrong = await client.delete('/api/user', { json: { password: 'not-my-password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(WRONG_PASSWORD);
    const missing = await client.delete('/api/user', { json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ password: ['The password field is required.'] });
    // A password in the query is not read: a URL ends up in logs.
    const inQuery = await client.delete(`/api/user?password=${encodeURIComponent(FACTORY_PASSWORD)}`);
    expect(inQuery.status).toBe(422);
    expect(await userRow(user.id)).toBeDefined();
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('is under the per-user password limit of POST /user/confirm-password (429, even for the right password)', async () => {
    const user = await createUser(t.deps.db);
    const client = await signedIn(user.email);
    for (let i = 0; i < PASSWORD_CHECK_LIMITS.perMinute.limit; i++) {
      const res =
        i % 2
          ? await client.post('/user/confirm-password', { json: { password: 'wrong-password' } })
          : await client.delete('/api/user', { json: { password: 'wrong-password' } });
      expect(res.status).toBe(422);
    }
    const res = await client.delete('/api/user', { json: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await userRow(user.id)).toBeDefined();
  });

  it('refuses the last admin (422), and lets an admin go once another admin exists', async () => {
    // This file's database: only the new admin is an admin.
    await t.deps.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute();
    const admin = await createUser(t.deps.db, { role: 'admin' });
    const client = await signedIn(admin.email);
    const refused = await client.delete('/api/user', { json: { password: FACTORY_PASSWORD } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: LAST_ADMIN, errors: { account: [LAST_ADMIN] } });
    expect(await userRow(admin.id)).toBeDefined();
    expect((await client.get('/api/user')).status).toBe(200);

    await createUser(t.deps.db, { role: 'admin' });
    const res = await client.delete('/api/user', { json: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await userRow(admin.id)).toBeUndefined();
  });

  it('lets only one of the last two admins go when both delete themselves at once', async () => {
    await t.deps.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute();
    const first = await createUser(t.deps.db, { role: 'admin' });
    const second = await createUser(t.deps.db, { role: 'admin' });
    const clients = [await signedIn(first.email), await signedIn(second.email)];
    const results = await Promise.all(clients.map((client) => client.delete('/api/user', { json: { password: FACTORY_PASSWORD } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.message).toBe(LAST_ADMIN);
    const admins = await t.deps.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });

  it('is 419 without the XSRF header, 401 for a visitor', async () => {
    const user = await createUser(t.deps.db);
    const client = await signedIn(user.email);
    const noXsrf = await client.delete('/api/user', { json: { password: FACTORY_PASSWORD }, noXsrf: true });
    expect(noXsrf.status).toBe(419);
    expect(await userRow(user.id)).toBeDefined();
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    const anonymous = await visitor.delete('/api/user', { json: { password: FACTORY_PASSWORD } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('is documented with the password in a JSON body, not in the query', async () => {
    const doc = (await new TestClient(t.app).get('/api/openapi.json')).body;
    const operation = doc.paths['/api/user'].delete;
    expect(operation.parameters ?? []).toEqual([]);
    expect(operation.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { password: expect.any(Object) },
      required: ['password'],
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '419', '422']));
  });
});
