// docs/rest-contract.md "Two-factor": set-up, QR code, secret, confirmation, recovery codes, disabling, and
// the challenge at login (codes, replay, recovery codes, throttling).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { cookieOf, login, turnOnTwoFactor } from '#test/support/accounts.ts';
import { totpCode } from '#test/support/totp.ts';
import { sessionIdOf } from '#server/auth/sessions.ts';
import { twoFactorLimits } from '#server/account/sign-in.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const INVALID_CODE = {
  message: 'The provided two factor authentication code was invalid.',
  errors: { code: ['The provided two factor authentication code was invalid.'] },
};
const INVALID_RECOVERY = {
  message: 'The provided two factor recovery code was invalid.',
  errors: { recovery_code: ['The provided two factor recovery code was invalid.'] },
};

async function confirmedClient() {
  const user = await createUser(t.deps.db);
  const client = new TestClient(t.app);
  await actingAs(t, client, user.id, { passwordConfirmed: true });
  return { user, client };
}

async function userRow(id: number) {
  return t.deps.db
    .selectFrom('users')
    .select(['two_factor_secret', 'two_factor_recovery_codes', 'two_factor_confirmed_at', 'two_factor_last_used_step'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('settings', () => {
  it('enables a pending secret with 8 codes, shows QR, secret and codes, and confirms with a code', async () => {
    const { user, client } = await confirmedClient();
    expect((await client.get('/user/two-factor-qr-code')).body).toEqual([]);
    const missing = await client.get('/user/two-factor-secret-key');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Two factor authentication has not been enabled.' });

    const enable = await client.post('/user/two-factor-authentication');
    expect(enable.status).toBe(200);
    expect(enable.text).toBe('""');
    const { secretKey } = (await client.get('/user/two-factor-secret-key')).body;
    expect(secretKey).toMatch(/^[A-Z2-7]{16}$/);
    // A second call keeps the pending secret.
    await client.post('/user/two-factor-authentication');
    expect((await client.get('/user/two-factor-secret-key')).body.secretKey).toBe(secretKey);

    const qr = await client.get('/user/two-factor-qr-code');
    expect(qr.status).toBe(200);
    expect(qr.body.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const url = new URL(qr.body.url);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(qr.body.url)).toContain(`totp/Harbourside Body & Paint:${user.email}`);
    expect(url.searchParams.get('issuer')).toBe('Harbourside Body & Paint');
    expect(url.searchParams.get('secret')).toBe(secretKey);

    const codes = (await client.get('/user/two-factor-recovery-codes')).body as string[];
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);

    // Stored encrypted: neither the secret nor a code appears in the row.
    const row = await userRow(user.id);
    expect(row.two_factor_secret).not.toContain(secretKey);
    expect(row.two_factor_recovery_codes).not.toContain(codes[0]);
    expect(row.two_factor_confirmed_at).toBeNull();
    expect((await client.get('/api/user')).body.data.two_factor).toBe(false);

    const wrong = await client.post('/user/confirmed-two-factor-authentication', {
      json: { code: '000000' === totpCode(secretKey) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(INVALID_CODE);
    const ok = await client.post('/user/confirmed-two-factor-authentication', { json: { code: totpCode(secretKey) } });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('""');
    expect((await client.get('/api/user')).body.data.two_factor).toBe(true);
  });

  it('regenerates recovery codes and disables, erasing secret and codes', async () => {
    const { user, client } = await confirmedClient();
    const { codes } = await turnOnTwoFactor(client);
    const regenerate = await client.post('/user/two-factor-recovery-codes');
    expect(regenerate.status).toBe(200);
    expect(regenerate.text).toBe('""');
    const fresh = (await client.get('/user/two-factor-recovery-codes')).body as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);

    const off = await client.delete('/user/two-factor-authentication');
    expect(off.status).toBe(200);
    expect(off.text).toBe('""');
    expect(await userRow(user.id)).toEqual({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
      two_factor_last_used_step: null,
    });
    expect((await client.get('/api/user')).body.data.two_factor).toBe(false);
    expect((await client.get('/user/two-factor-recovery-codes')).body).toEqual([]);
  });

  it('answers 401, 403 (unverified) and 423 (not confirmed) in that order', async () => {
    const guest = new TestClient(t.app);
    await guest.csrf();
    expect((await guest.post('/user/two-factor-authentication')).status).toBe(401);
    const unverified = await createUser(t.deps.db, { verified: false });
    const a = new TestClient(t.app);
    await actingAs(t, a, unverified.id);
    expect((await a.post('/user/two-factor-authentication')).status).toBe(403);
    const verified = await createUser(t.deps.db);
    const b = new TestClient(t.app);
    await actingAs(t, b, verified.id);
    for (const res of [
      await b.post('/user/two-factor-authentication'),
      await b.get('/user/two-factor-qr-code'),
      await b.get('/user/two-factor-secret-key'),
      await b.post('/user/confirmed-two-factor-authentication', { json: { code: '123456' } }),
      await b.get('/user/two-factor-recovery-codes'),
      await b.post('/user/two-factor-recovery-codes'),
      await b.delete('/user/two-factor-authentication'),
    ]) {
      expect(res.status).toBe(423);
      expect(res.body).toEqual({ message: 'Password confirmation required.' });
    }
  });

  it('the twoFactor router through tRPC', async () => {
    const user = await createUser(t.deps.db);
    const caller = await callerFor(t, user.id, { passwordConfirmed: true });
    await caller.twoFactor.enable({});
    const { secretKey } = await caller.twoFactor.secretKey({});
    const qr = await caller.twoFactor.qrCode({});
    expect(Array.isArray(qr)).toBe(false);
    await expect(caller.twoFactor.confirm({ code: 'abcdef' })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    await caller.twoFactor.confirm({ code: totpCode(secretKey) });
    expect(await caller.twoFactor.recoveryCodes({})).toHaveLength(8);
    await caller.twoFactor.regenerateRecoveryCodes({});
    await caller.twoFactor.disable({});
    expect(await caller.twoFactor.qrCode({})).toEqual([]);
    const unconfirmed = await callerFor(t, user.id);
    await expect(unconfirmed.twoFactor.enable({})).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Password confirmation required.',
    });
  });
});

describe('POST /two-factor-challenge', () => {
  async function userWithTwoFactor(email: string) {
    const user = await createUser(t.deps.db, { email });
    const setup = new TestClient(t.app);
    await actingAs(t, setup, user.id, { passwordConfirmed: true });
    return { user, ...(await turnOnTwoFactor(setup)) };
  }

  it('login answers {two_factor:true} without signing in; a code finishes it with a rotated session', async () => {
    const { user, secret } = await userWithTwoFactor('tf-login@example.test');
    const client = new TestClient(t.app);
    const first = await login(client, user.email, FACTORY_PASSWORD, true);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor: true });
    expect((await client.get('/api/user')).status).toBe(401);
    const pendingToken = client.cookie('bodyshop_session')!;
    const pending = await t.deps.db
      .selectFrom('sessions')
      .select(['user_id', 'pending_user_id', 'pending_remember', 'pending_expires_at'])
      .where('id', '=', sessionIdOf(pendingToken))
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ user_id: null, pending_user_id: user.id, pending_remember: true });
    expect(pending.pending_expires_at!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);

    const code = totpCode(secret);
    const res = await client.post('/two-factor-challenge', { json: { code, recovery_code: code } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(client.cookie('bodyshop_session')).not.toBe(pendingToken);
    expect(cookieOf(res, 'bodyshop_session')!.maxAge).toBe(30 * 24 * 3600); // Remember me as chosen at /login
    expect((await client.get('/api/user')).body.data.id).toBe(user.id);
    expect(
      await t.deps.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(pendingToken)).executeTakeFirst(),
    ).toBeUndefined();

    // The same code again (a replay) fails, and so does an older step.
    const again = new TestClient(t.app);
    await login(again, user.email);
    const replay = await again.post('/two-factor-challenge', { json: { code } });
    expect(replay.status).toBe(422);
    expect(replay.body).toEqual(INVALID_CODE);
    expect((await again.post('/two-factor-challenge', { json: { code: totpCode(secret, -1) } })).body).toEqual(INVALID_CODE);
    // The next step is still accepted.
    expect((await again.post('/two-factor-challenge', { json: { code: totpCode(secret, 1) } })).status).toBe(204);
  });

  it('accepts a recovery code once and replaces it so 8 remain', async () => {
    const { user, codes, secret } = await userWithTwoFactor('tf-recovery@example.test');
    const client = new TestClient(t.app);
    await login(client, user.email);
    const used = codes[3]!;
    const res = await client.post('/two-factor-challenge', { json: { code: used, recovery_code: used } });
    expect(res.status).toBe(204);
    await client.post('/user/confirm-password', { json: { password: FACTORY_PASSWORD } });
    const now = (await client.get('/user/two-factor-recovery-codes')).body as string[];
    expect(now).toHaveLength(8);
    expect(now).not.toContain(used);
    expect(now.filter((c) => codes.includes(c))).toHaveLength(7);

    const other = new TestClient(t.app);
    await login(other, user.email);
    const reuse = await other.post('/two-factor-challenge', { json: { code: used, recovery_code: used } });
    expect(reuse.status).toBe(422);
    expect(reuse.body).toEqual(INVALID_RECOVERY);
    expect((await other.post('/two-factor-challenge', { json: { code: '' } })).body).toEqual(INVALID_CODE);
    void secret;
  });

  it('answers 422 without a pending login, and after the pending login expired', async () => {
    const { user, secret } = await userWithTwoFactor('tf-expired@example.test');
    const nobody = new TestClient(t.app);
    await nobody.csrf();
    expect((await nobody.post('/two-factor-challenge', { json: { code: totpCode(secret) } })).body).toEqual(INVALID_CODE);
    const client = new TestClient(t.app);
    await login(client, user.email);
    await t.deps.db
      .updateTable('sessions')
      .set({ pending_expires_at: new Date(Date.now() - 1000) })
      .where('pending_user_id', '=', user.id)
      .execute();
    const res = await client.post('/two-factor-challenge', { json: { code: totpCode(secret) } });
    expect(res.status).toBe(422);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('allows 5 attempts a minute per user, then 429 with Retry-After', async () => {
    const { user, secret } = await userWithTwoFactor('tf-throttle@example.test');
    const client = new TestClient(t.app);
    await login(client, user.email);
    const bad = totpCode(secret) === '000000' ? '999999' : '000000';
    for (let i = 0; i < 5; i++) expect((await client.post('/two-factor-challenge', { json: { code: bad } })).status).toBe(422);
    const res = await client.post('/two-factor-challenge', { json: { code: totpCode(secret) } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  // The count used to live on the pending login, so signing in again gave 5 more guesses.
  it('counts per user: signing in again gives no new guesses', async () => {
    const { user, secret } = await userWithTwoFactor('tf-relogin@example.test');
    const bad = totpCode(secret) === '000000' ? '999999' : '000000';
    for (let round = 0; round < 2; round++) {
      const client = new TestClient(t.app);
      expect((await login(client, user.email)).body).toEqual({ two_factor: true });
      for (let i = 0; i < (round === 0 ? 5 : 1); i++) {
        const res = await client.post('/two-factor-challenge', { json: { code: bad } });
        expect(res.status).toBe(round === 0 ? 422 : 429);
      }
    }
  });

  it('evaluates at most 5 of 30 parallel codes', async () => {
    const { user, secret } = await userWithTwoFactor('tf-parallel@example.test');
    const client = new TestClient(t.app);
    await login(client, user.email);
    const current = totpCode(secret);
    const guesses = Array.from({ length: 30 }, (_, i) => String(100000 + i * 7919)).filter((code) => code !== current);
    const results = await Promise.all(guesses.map((code) => client.post('/two-factor-challenge', { json: { code } })));
    expect(results.filter((r) => r.status === 422)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(guesses.length - 5);
  });

  it('allows 20 an hour per user (the hour limit answers with its own Retry-After)', async () => {
    const { user, secret } = await userWithTwoFactor('tf-hour@example.test');
    const [, hour] = twoFactorLimits(user.id);
    // 18 earlier evaluated guesses this hour (in other minutes).
    for (let i = 0; i < 18; i++) await t.deps.rateLimiter.reserve(hour!);
    const client = new TestClient(t.app);
    await login(client, user.email);
    const bad = totpCode(secret) === '000000' ? '999999' : '000000';
    for (let i = 0; i < 2; i++) expect((await client.post('/two-factor-challenge', { json: { code: bad } })).status).toBe(422);
    const res = await client.post('/two-factor-challenge', { json: { code: totpCode(secret) } });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('a right code does not use up the limit', async () => {
    const { user, secret } = await userWithTwoFactor('tf-often@example.test');
    const bad = totpCode(secret) === '000000' ? '999999' : '000000';
    const client = new TestClient(t.app);
    await login(client, user.email);
    for (let i = 0; i < 4; i++) expect((await client.post('/two-factor-challenge', { json: { code: bad } })).status).toBe(422);
    expect((await client.post('/two-factor-challenge', { json: { code: totpCode(secret) } })).status).toBe(204);
    const again = new TestClient(t.app);
    await login(again, user.email);
    expect((await again.post('/two-factor-challenge', { json: { code: bad } })).status).toBe(422);
  });

  it('a user whose set-up is still pending signs in without the challenge', async () => {
    const user = await createUser(t.deps.db, { email: 'tf-pending@example.test' });
    const setup = new TestClient(t.app);
    await actingAs(t, setup, user.id, { passwordConfirmed: true });
    await setup.post('/user/two-factor-authentication');
    expect((await login(new TestClient(t.app), user.email)).body).toEqual({ two_factor: false });
  });

  it('session.twoFactorChallenge through tRPC (HTTP endpoint)', async () => {
    const { user, secret } = await userWithTwoFactor('tf-trpc@example.test');
    const client = new TestClient(t.app);
    await client.csrf();
    expect(
      (await client.post('/trpc/session.login', { json: { email: user.email, password: FACTORY_PASSWORD } })).body.result.data,
    ).toEqual({ two_factor: true });
    const res = await client.post('/trpc/session.twoFactorChallenge', { json: { code: totpCode(secret, 1) } });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).body.data.id).toBe(user.id);
  });
});
