// Confirming before a protected action (the 423 gate): by the password, by one of the user's own
// passkeys (a real assertion signed by a software authenticator, its challenge bound to the session
// and user), or by a code e-mailed to the account's address (tries counted as the sign-in code's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { mailsTo } from '#test/support/mail.ts';
import { softwarePasskey } from '#test/support/webauthn.ts';
import {
  CONFIRMATION_CODE_INVALID_MESSAGE,
  CONFIRMATION_CODE_SENT_MESSAGE,
  CONFIRMATION_PASSKEY_REFUSED_MESSAGE,
  NO_PASSKEY_TO_CONFIRM_MESSAGE,
} from '#shared/schemas/confirmation.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t?.close();
});

let nextAddress = 1;
/** A browser signed in as the user, from an address of its own (the code throttles count per address). */
async function signedIn(userId: number, options: { passwordConfirmed?: boolean } = {}) {
  const client = new TestClient(t.app);
  const ip = `198.51.100.${nextAddress++}`;
  const request = client.request.bind(client);
  client.request = (method, url, opts = {}) => request(method, url, { ...opts, headers: { 'x-forwarded-for': ip, ...opts.headers } });
  await actingAs(t, client, userId, options);
  return client;
}

async function isConfirmed(client: TestClient): Promise<boolean> {
  return (await client.get('/user/confirmed-password-status')).body.confirmed;
}

/** Adds a passkey held by a software authenticator to the user's account, from a confirmed session. */
async function withPasskey(userId: number) {
  const passkey = softwarePasskey();
  const client = await signedIn(userId, { passwordConfirmed: true });
  const { options } = (await client.post('/api/user/passkeys/options', { json: {} })).body;
  const added = await client.post('/api/user/passkeys', { json: { name: 'Laptop', response: passkey.registration(options.challenge) } });
  expect(added.status).toBe(201);
  return passkey;
}

async function confirmationCodesTo(email: string): Promise<string[]> {
  await t.deps.jobs.drain();
  return (await mailsTo(t.deps.mailer.outboxDir!, email))
    .filter((m) => m.subject.startsWith('Your confirmation code for '))
    .map((m) => /Your code to confirm it is you is (\d{6})\./.exec(m.text)?.[1])
    .filter((c): c is string => Boolean(c));
}

describe('adding a passkey asks for a recent confirmation', () => {
  it('answers 423 to the options and the add until the session confirms, then succeeds', async () => {
    const user = await createUser(t.deps.db);
    const client = await signedIn(user.id);
    const passkey = softwarePasskey();
    expect((await client.post('/api/user/passkeys/options', { json: {} })).status).toBe(423);
    const early = await client.post('/api/user/passkeys', { json: { name: 'Laptop', response: passkey.registration('x') } });
    expect(early.status).toBe(423);
    expect((await client.post('/user/confirm-password', { json: { password: FACTORY_PASSWORD } })).status).toBe(201);
    const res = await client.post('/api/user/passkeys/options', { json: {} });
    expect(res.status).toBe(200);
    const added = await client.post('/api/user/passkeys', {
      json: { name: 'Laptop', response: passkey.registration(res.body.options.challenge) },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
  });
});

describe('confirming with a passkey', () => {
  it("lifts the 423 with the user's own passkey: options list it, the signed assertion confirms the session", async () => {
    const user = await createUser(t.deps.db);
    const passkey = await withPasskey(user.id);
    const client = await signedIn(user.id);
    expect((await client.post('/api/user/passkeys/options', { json: {} })).status).toBe(423);
    const res = await client.post('/user/confirm-password/passkey/options', { json: {} });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(res.body.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([passkey.credentialId]);
    const confirmed = await client.post('/user/confirm-password/passkey', {
      json: { response: passkey.assertion(res.body.options.challenge) },
    });
    expect(confirmed.status).toBe(201);
    expect(await isConfirmed(client)).toBe(true);
    expect((await client.post('/api/user/passkeys/options', { json: {} })).status).toBe(200);
    // The challenge was single use.
    const again = await client.post('/user/confirm-password/passkey', {
      json: { response: passkey.assertion(res.body.options.challenge) },
    });
    expect(again.status).toBe(422);
  });

  it("refuses another user's passkey, and a challenge made for another session of the same user", async () => {
    const owner = await createUser(t.deps.db);
    const ownersPasskey = await withPasskey(owner.id);
    const other = await createUser(t.deps.db);
    await withPasskey(other.id);
    const client = await signedIn(other.id);
    const { options } = (await client.post('/user/confirm-password/passkey/options', { json: {} })).body;
    const foreign = await client.post('/user/confirm-password/passkey', { json: { response: ownersPasskey.assertion(options.challenge) } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ response: [CONFIRMATION_PASSKEY_REFUSED_MESSAGE] });
    expect(await isConfirmed(client)).toBe(false);
    expect((await client.post('/api/user/passkeys/options', { json: {} })).status).toBe(423);

    const first = await signedIn(owner.id);
    const second = await signedIn(owner.id);
    const forFirst = (await first.post('/user/confirm-password/passkey/options', { json: {} })).body.options;
    const elsewhere = await second.post('/user/confirm-password/passkey', {
      json: { response: ownersPasskey.assertion(forFirst.challenge) },
    });
    expect(elsewhere.status).toBe(422);
    expect(await isConfirmed(second)).toBe(false);
  });

  it('says so when the user has no passkey', async () => {
    const user = await createUser(t.deps.db);
    const client = await signedIn(user.id);
    const res = await client.post('/user/confirm-password/passkey/options', { json: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ response: [NO_PASSKEY_TO_CONFIRM_MESSAGE] });
  });
});

describe('confirming with an e-mailed code', () => {
  it("lifts the 423 with the code mailed to the account's address; a wrong code does not and uses a try", async () => {
    const user = await createUser(t.deps.db, { email: 'confirm-code@example.test', firstname: 'Connie' });
    const client = await signedIn(user.id);
    const sent = await client.post('/user/confirm-password/email-code', { json: {} });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: CONFIRMATION_CODE_SENT_MESSAGE });
    const [code] = await confirmationCodesTo(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = (await mailsTo(t.deps.mailer.outboxDir!, user.email)).at(-1)!;
    expect(mail.subject).not.toContain(code);
    expect(mail.text).toContain('Hello Connie,');

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.post('/user/confirm-password/email-code/verify', { json: { code: wrong } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ code: [CONFIRMATION_CODE_INVALID_MESSAGE] });
    expect(await isConfirmed(client)).toBe(false);
    const row = await t.deps.db.selectFrom('email_login_codes').select('attempts').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);

    // A confirmation code does not sign anyone in.
    const guest = new TestClient(t.app);
    await guest.csrf();
    expect((await guest.post('/login/email-code/verify', { json: { email: user.email, code } })).status).toBe(422);

    const ok = await client.post('/user/confirm-password/email-code/verify', { json: { code } });
    expect(ok.status).toBe(201);
    expect(await isConfirmed(client)).toBe(true);
    expect((await client.post('/api/user/passkeys/options', { json: {} })).status).toBe(200);
    // Used up.
    const other = await signedIn(user.id);
    expect((await other.post('/user/confirm-password/email-code/verify', { json: { code } })).status).toBe(422);
  });

  it('counts wrong codes toward the throttle: after five the right code is refused too', async () => {
    const user = await createUser(t.deps.db);
    const client = await signedIn(user.id);
    expect((await client.post('/user/confirm-password/email-code', { json: {} })).status).toBe(200);
    const [code] = await confirmationCodesTo(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/user/confirm-password/email-code/verify', { json: { code: wrong } })).status).toBe(422);
    }
    // The sign-in code's per-e-mail-and-address limit (5 a minute) is the one used up now.
    const late = await client.post('/user/confirm-password/email-code/verify', { json: { code } });
    expect(late.status).toBe(429);
    const elsewhere = await signedIn(user.id);
    const dead = await elsewhere.post('/user/confirm-password/email-code/verify', { json: { code } });
    expect(dead.status).toBe(422);
    expect(await isConfirmed(elsewhere)).toBe(false);
  });
});
