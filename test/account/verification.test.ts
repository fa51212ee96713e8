// docs/rest-contract.md "Session": e-mail verification (signed link, resend with its limit) and the V gate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createUser } from '#test/support/factories.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';
import { verificationPath } from '#server/auth/signed-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const browser = { accept: 'text/html,application/xhtml+xml', 'x-requested-with': '' };

async function isVerified(id: number) {
  const row = await t.deps.db.selectFrom('users').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow();
  return row.email_verified_at !== null;
}

describe('POST /email/verification-notification', () => {
  it('sends a link (202 "") that verifies the address for a JSON client (204)', async () => {
    const user = await createUser(t.deps.db, { verified: false, firstname: 'Vera' });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    const res = await client.post('/email/verification-notification');
    expect(res.status).toBe(202);
    expect(res.text).toBe('""');
    const [mail] = await mailsTo(t.deps.mailer.outboxDir!, user.email);
    expect(mail!.subject).toBe('Verify your e-mail address - Harbourside Body & Paint');
    expect(mail!.text).toContain('Hello Vera,');
    expect(mail!.from).toContain('Harbourside Body & Paint');
    expect(mail!.html).toContain(mail!.links[0]!.replace(/&/g, '&amp;'));
    const verify = await client.get(pathOf(mail!.links[0]!));
    expect(verify.status).toBe(204);
    expect(verify.text).toBe('');
    expect(await isVerified(user.id)).toBe(true);
    expect((await client.get('/api/user')).body.data.email_verified_at).not.toBeNull();
  });

  it('answers 204 when the address is already verified, and sends nothing', async () => {
    const user = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    const res = await client.post('/email/verification-notification');
    expect(res.status).toBe(204);
    expect(await mailsTo(t.deps.mailer.outboxDir!, user.email)).toHaveLength(0);
  });

  it('answers 401 to a guest and 429 with Retry-After after 6 a minute', async () => {
    const guest = new TestClient(t.app);
    await guest.csrf();
    expect((await guest.post('/email/verification-notification')).status).toBe(401);
    const user = await createUser(t.deps.db, { verified: false });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    for (let i = 0; i < 6; i++) expect((await client.post('/email/verification-notification')).status).toBe(202);
    const res = await client.post('/email/verification-notification');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(t.deps.mailer.outboxDir!, user.email)).toHaveLength(6);
  });

  it('is reachable through tRPC (session.resendVerification)', async () => {
    const user = await createUser(t.deps.db, { verified: false });
    await (await callerFor(t, user.id)).session.resendVerification({});
    // tRPC callers do not pass through the test app's inject, which runs the queued jobs.
    await t.deps.jobs.drain();
    expect(await mailsTo(t.deps.mailer.outboxDir!, user.email)).toHaveLength(1);
  });
});

describe('GET /email/verify/{id}/{hash}', () => {
  it('redirects a browser to /account?verified=1', async () => {
    const user = await createUser(t.deps.db, { verified: false });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    const res = await client.get(verificationPath(t.config.appKey, user.id, user.email), { headers: browser });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/account?verified=1');
    expect(await isVerified(user.id)).toBe(true);
  });

  it('answers 403 "Invalid signature." for a changed or expired link', async () => {
    const user = await createUser(t.deps.db, { verified: false });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    const good = verificationPath(t.config.appKey, user.id, user.email);
    const tampered = good.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`);
    const expired = verificationPath(t.config.appKey, user.id, user.email, Date.now() - 61 * 60 * 1000);
    const unsigned = good.split('?')[0]!;
    for (const url of [tampered, expired, unsigned]) {
      const res = await client.get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ message: 'Invalid signature.' });
    }
    expect(await isVerified(user.id)).toBe(false);
  });

  it('answers 403 "This action is unauthorized." for another user\'s link', async () => {
    const owner = await createUser(t.deps.db, { verified: false });
    const other = await createUser(t.deps.db, { verified: false });
    const client = new TestClient(t.app);
    await actingAs(t, client, other.id);
    const res = await client.get(verificationPath(t.config.appKey, owner.id, owner.email));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'This action is unauthorized.' });
    expect(await isVerified(owner.id)).toBe(false);
    expect(await isVerified(other.id)).toBe(false);
  });

  it('answers 401 to a signed-out JSON client and sends a browser to /login', async () => {
    const user = await createUser(t.deps.db, { verified: false });
    const link = verificationPath(t.config.appKey, user.id, user.email);
    const json = await new TestClient(t.app).get(link);
    expect(json.status).toBe(401);
    const page = await new TestClient(t.app).get(link, { headers: browser });
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/login');
  });

  it('is reachable through tRPC (session.verifyEmail)', async () => {
    const user = await createUser(t.deps.db, { verified: false });
    const url = new URL(`http://x${verificationPath(t.config.appKey, user.id, user.email)}`);
    const [, , , id, hash] = url.pathname.split('/');
    await (
      await callerFor(t, user.id)
    ).session.verifyEmail({
      id: id!,
      hash: hash!,
      expires: url.searchParams.get('expires')!,
      signature: url.searchParams.get('signature')!,
    });
    expect(await isVerified(user.id)).toBe(true);
  });
});

describe('paths marked V', () => {
  it('answer 403 "Your email address is not verified." until verified', async () => {
    const user = await createUser(t.deps.db, { verified: false });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id, { passwordConfirmed: true });
    const expected = { message: 'Your email address is not verified.' };
    const calls = [
      client.post('/api/user', { multipart: { firstname: 'A', lastname: 'B', email: user.email } }),
      client.put('/user/password', { json: { current_password: 'x', password: 'abcdefgh1', password_confirmation: 'abcdefgh1' } }),
      client.post('/user/two-factor-authentication'),
      client.get('/user/two-factor-qr-code'),
      client.get('/user/two-factor-recovery-codes'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(expected);
    }
    // Signed-in paths without V still answer.
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
