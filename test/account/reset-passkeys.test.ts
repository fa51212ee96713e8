// A password reset removes the passkeys added since the previous reset (or since the account was
// made), unless the reset form's "Keep my passkeys" is ticked (docs/rest-contract.md, Session).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';
import { mailsTo } from '#test/support/mail.ts';
import { PASSWORD_RESET_MESSAGE } from '#shared/schemas/session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const NEW_PASSWORD = 'a-brand-new-password-42';

async function guest() {
  const client = new TestClient(t.app);
  await client.csrf();
  return client;
}

/** A user made `createdDaysAgo` days ago, with its last reset `resetDaysAgo` days ago (or none). */
async function userMade(createdDaysAgo: number, resetDaysAgo: number | null) {
  const user = await createUser(t.deps.db);
  await t.deps.db
    .updateTable('users')
    .set({ created_at: daysAgo(createdDaysAgo), password_reset_at: resetDaysAgo === null ? null : daysAgo(resetDaysAgo) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

async function addPasskey(userId: number, name: string, addedDaysAgo: number) {
  await t.deps.db
    .insertInto('passkeys')
    .values({
      user_id: userId,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: 'AAAA',
      name,
      created_at: daysAgo(addedDaysAgo),
    })
    .execute();
}

async function passkeyNames(userId: number) {
  const rows = await t.deps.db.selectFrom('passkeys').select('name').where('user_id', '=', userId).orderBy('name').execute();
  return rows.map((r) => r.name);
}

/** A live reset token for the user, as the reset mail stores it (its hash only). */
async function resetTokenFor(userId: number) {
  const token = randomBytes(32).toString('hex');
  await t.deps.db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: createHash('sha256').update(token).digest('hex') })
    .execute();
  return token;
}

async function reset(email: string, token: string, extra: Record<string, unknown> = {}) {
  const client = await guest();
  return client.post('/reset-password', {
    json: { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, ...extra },
  });
}

describe('POST /reset-password and the passkeys', () => {
  it('removes the passkeys added since the last reset and keeps the older ones, then counts from this reset', async () => {
    const user = await userMade(30, 10);
    await addPasskey(user.id, 'Before the last reset', 20);
    await addPasskey(user.id, 'Since the last reset', 2);
    // Through the mail's own link, as the owner would.
    const client = await guest();
    expect((await client.post('/forgot-password', { json: { email: user.email } })).status).toBe(200);
    await t.deps.jobs.drain();
    const link = new URL((await mailsTo(t.deps.mailer.outboxDir!, user.email)).at(-1)!.links[0]!);
    const res = await reset(user.email, link.pathname.split('/')[2]!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_RESET_MESSAGE });
    expect(await passkeyNames(user.id)).toEqual(['Before the last reset']);
    const stored = await t.deps.db.selectFrom('users').select('password_reset_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.now() - stored.password_reset_at!.getTime()).toBeLessThan(60_000);

    // The next reset counts from this one: a passkey added a moment before this reset stays.
    await t.deps.db
      .updateTable('users')
      .set({ password_reset_at: daysAgo(1) })
      .where('id', '=', user.id)
      .execute();
    await addPasskey(user.id, 'Before this reset', 1.5);
    await addPasskey(user.id, 'After this reset', 0.5);
    expect((await reset(user.email, await resetTokenFor(user.id), { keep_passkeys: false })).status).toBe(200);
    expect(await passkeyNames(user.id)).toEqual(['Before the last reset', 'Before this reset']);
  });

  it('with no reset before, removes every passkey added since the account was made', async () => {
    const user = await userMade(30, null);
    await addPasskey(user.id, 'Laptop', 20);
    await addPasskey(user.id, 'Phone', 1);
    const other = await userMade(30, null);
    await addPasskey(other.id, 'Someone else', 1);
    expect((await reset(user.email, await resetTokenFor(user.id))).status).toBe(200);
    expect(await passkeyNames(user.id)).toEqual([]);
    expect(await passkeyNames(other.id)).toEqual(['Someone else']);
  });

  it('keeps every passkey when keep_passkeys is ticked (a form field "1" too), and still records the reset', async () => {
    const user = await userMade(30, 10);
    await addPasskey(user.id, 'Old', 20);
    await addPasskey(user.id, 'New', 2);
    const res = await reset(user.email, await resetTokenFor(user.id), { keep_passkeys: true });
    expect(res.status).toBe(200);
    expect(await passkeyNames(user.id)).toEqual(['New', 'Old']);
    const stored = await t.deps.db.selectFrom('users').select('password_reset_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.now() - stored.password_reset_at!.getTime()).toBeLessThan(60_000);

    const client = await guest();
    const token = await resetTokenFor(user.id);
    await addPasskey(user.id, 'Newest', 0);
    const form = await client.post('/reset-password', {
      form: { token, email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, keep_passkeys: '1' },
    });
    expect(form.status).toBe(200);
    expect(await passkeyNames(user.id)).toEqual(['New', 'Newest', 'Old']);
  });

  it('leaves the passkeys alone when the reset is refused', async () => {
    const user = await userMade(30, 10);
    await addPasskey(user.id, 'New', 2);
    const res = await reset(user.email, 'not-a-token');
    expect(res.status).toBe(422);
    expect(await passkeyNames(user.id)).toEqual(['New']);
    const bad = await reset(user.email, await resetTokenFor(user.id), { keep_passkeys: 'perhaps' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['keep_passkeys']);
    expect(await passkeyNames(user.id)).toEqual(['New']);
  });
});
