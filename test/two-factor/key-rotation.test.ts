// APP_PREVIOUS_KEYS: after APP_KEY is rotated, two-factor secrets, XSRF tokens and signed links
// made with the old key keep working, and a secret is re-encrypted under the new key on its next use.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { login, turnOnTwoFactor } from '#test/support/accounts.ts';
import { totpCode } from '#test/support/totp.ts';
import { decryptString } from '#server/auth/encryption.ts';
import { verificationPath } from '#server/auth/signed-links.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const asEnv = (key: Buffer) => `base64:${key.toString('base64')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_KEY: asEnv(oldKey) });
});
afterAll(async () => {
  await t?.close();
});

/** What a restart with APP_KEY=new and APP_PREVIOUS_KEYS=old (or none) does to the running config. */
function rotateTo(key: Buffer, previous: Buffer[]) {
  t.config.appKey = key;
  t.config.appKeys = [key, ...previous];
}

async function storedSecrets(userId: number) {
  return t.deps.db
    .selectFrom('users')
    .select(['two_factor_secret', 'two_factor_recovery_codes'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('APP_KEY rotation with APP_PREVIOUS_KEYS', () => {
  it('keeps two-factor users signing in and re-encrypts their secrets under the new key', async () => {
    rotateTo(oldKey, []);
    const user = await createUser(t.deps.db, { email: 'rotation@example.test' });
    const setup = new TestClient(t.app);
    await actingAs(t, setup, user.id, { passwordConfirmed: true });
    const { secret, codes } = await turnOnTwoFactor(setup);
    const before = await storedSecrets(user.id);
    expect(decryptString(oldKey, before.two_factor_secret!)).toBe(secret);

    rotateTo(newKey, [oldKey]);
    // A browser that got its XSRF token before the rotation can still post.
    expect((await setup.post('/user/confirm-password', { json: { password: FACTORY_PASSWORD } })).status).toBe(201);

    const client = new TestClient(t.app);
    expect((await login(client, user.email)).body).toEqual({ two_factor: true });
    expect((await client.post('/two-factor-challenge', { json: { code: totpCode(secret) } })).status).toBe(204);
    expect((await client.get('/api/user')).body.data.id).toBe(user.id);

    const after = await storedSecrets(user.id);
    expect(decryptString(newKey, after.two_factor_secret!)).toBe(secret);
    expect(JSON.parse(decryptString(newKey, after.two_factor_recovery_codes!))).toEqual(codes);

    // Once re-encrypted, the old key is no longer needed.
    rotateTo(newKey, []);
    const later = new TestClient(t.app);
    await login(later, user.email);
    expect((await later.post('/two-factor-challenge', { json: { recovery_code: codes[0] } })).status).toBe(204);
  });

  it('accepts a link signed with a previous key, and refuses it once that key is dropped', async () => {
    rotateTo(oldKey, []);
    const user = await createUser(t.deps.db, { email: 'rotation-link@example.test', verified: false });
    const link = verificationPath(oldKey, user.id, user.email);

    rotateTo(newKey, []);
    const refused = new TestClient(t.app);
    await actingAs(t, refused, user.id);
    expect((await refused.get(link)).status).toBe(403);

    rotateTo(newKey, [oldKey]);
    const accepted = new TestClient(t.app);
    await actingAs(t, accepted, user.id);
    expect((await accepted.get(link)).status).toBe(204);
  });
});
