// One-time e-mail codes: "E-mail me a code" on the login page. 6 digits, 10 minutes, once,
// 5 tries; the same answer for any address; the code replaces the password, never the second factor;
// requests and tries throttled per e-mail and address, exactly, under 30 parallel attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';
import { login, turnOnTwoFactor } from '#test/support/accounts.ts';
import { mailsTo } from '#test/support/mail.ts';
import { EMAIL_CODE_ACCOUNT_LIMITS, EMAIL_CODE_REQUEST_LIMITS } from '#server/account/email-codes.service.ts';
import { EMAIL_CODES_LOCKED_MESSAGE } from '#shared/schemas/security.ts';
import { LOGIN_LIMITS } from '#server/account/sign-in.service.ts';

const SENT = { message: 'If an account exists for that address, we have e-mailed a 6-digit sign-in code. It works for 10 minutes.' };
const INVALID = { code: ['This code is invalid or has expired. Ask for a new one.'] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t?.close();
});

let nextAddress = 1;
/** A guest from an address of its own (the throttles count per address). */
async function guest(ip = `198.51.100.${nextAddress++}`) {
  const client = new TestClient(t.app);
  const request = client.request.bind(client);
  client.request = (method, url, options = {}) =>
    request(method, url, { ...options, headers: { 'x-forwarded-for': ip, ...options.headers } });
  await client.csrf();
  return client;
}

async function codesTo(email: string): Promise<string[]> {
  await t.deps.jobs.drain();
  const mails = await mailsTo(t.deps.mailer.outboxDir!, email);
  // The code is in the body only: the subject is stored and listed (test/mail/secrets-in-mail.test.ts).
  return mails
    .filter((m) => m.subject.startsWith('Your sign-in code for '))
    .map((m) => /Your code to sign in is (\d{6})\./.exec(m.text)?.[1])
    .filter((c): c is string => Boolean(c));
}

async function askForCode(client: TestClient, email: string): Promise<string | undefined> {
  const res = await client.post('/login/email-code', { json: { email } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(SENT);
  return (await codesTo(email)).at(-1);
}

describe('E-mail me a code', () => {
  it('signs in with the e-mailed code, once', async () => {
    const user = await createUser(t.deps.db, { email: 'code-journey@example.test', firstname: 'Cody' });
    const client = await guest();
    const code = await askForCode(client, 'Code-Journey@Example.test');
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = (await mailsTo(t.deps.mailer.outboxDir!, user.email)).filter((m) => m.subject.includes('sign-in code'));
    expect(mail!.text).toContain('Hello Cody,');
    expect(mail!.text).toContain('works once, for 10 minutes');
    // Stored as an HMAC: the code is nowhere in the table.
    const row = await t.deps.db.selectFrom('email_login_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

    const res = await client.post('/login/email-code/verify', { json: { email: user.email, code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ two_factor: false });
    expect((await client.get('/api/user')).body.data.email).toBe(user.email);
    // A sign-in like any other: the new device's security e-mail, once.
    await t.deps.jobs.drain();
    const alerts = (await mailsTo(t.deps.mailer.outboxDir!, user.email)).filter((m) => m.subject.startsWith('New sign-in to your account'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toMatch(/From: .+, IP address 198\.51\.100\.\d+/);

    // Used up: not again, from anywhere.
    const again = await (await guest()).post('/login/email-code/verify', { json: { email: user.email, code } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual(INVALID);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const client = await guest();
    const res = await client.post('/login/email-code', { json: { email: 'nobody-code@example.test' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SENT);
    expect(await codesTo('nobody-code@example.test')).toEqual([]);
    const verify = await client.post('/login/email-code/verify', { json: { email: 'nobody-code@example.test', code: '123456' } });
    expect(verify.status).toBe(422);
    expect(verify.body.errors).toEqual(INVALID);
  });

  it('refuses an expired code, and a newer code replaces the older', async () => {
    const user = await createUser(t.deps.db, { email: 'code-expiry@example.test' });
    const client = await guest();
    const first = await askForCode(client, user.email);
    await t.deps.db
      .updateTable('email_login_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await client.post('/login/email-code/verify', { json: { email: user.email, code: first } })).body.errors).toEqual(INVALID);
    const second = await askForCode(client, user.email);
    if (second !== first) {
      expect((await (await guest()).post('/login/email-code/verify', { json: { email: user.email, code: first } })).status).toBe(422);
    }
    expect((await client.post('/login/email-code/verify', { json: { email: user.email, code: second } })).status).toBe(200);
  });

  it('kills the code after five wrong tries, even from five addresses', async () => {
    const user = await createUser(t.deps.db, { email: 'code-tries@example.test' });
    const code = await askForCode(await guest(), user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await (await guest()).post('/login/email-code/verify', { json: { email: user.email, code: wrong } });
      expect(res.status).toBe(422);
    }
    const right = await (await guest()).post('/login/email-code/verify', { json: { email: user.email, code } });
    expect(right.status).toBe(422);
    expect(right.body.errors).toEqual(INVALID);
  });

  it('replaces the password, never the second factor', async () => {
    const user = await createUser(t.deps.db, { email: 'code-2fa@example.test' });
    const owner = new TestClient(t.app);
    await login(owner, user.email);
    const { codes } = await turnOnTwoFactor(owner);
    const client = await guest();
    const code = await askForCode(client, user.email);
    const res = await client.post('/login/email-code/verify', { json: { email: user.email, code, remember: false } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ two_factor: true });
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.post('/two-factor-challenge', { json: { recovery_code: codes[0] } })).status).toBe(204);
    expect((await client.get('/api/user')).body.data.email).toBe(user.email);
  });

  it('validates the input: 422 per field', async () => {
    const client = await guest();
    const bad = await client.post('/login/email-code/verify', { json: { email: 'not-an-address', code: '12ab' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      code: ['The code is the 6 digits from the e-mail.'],
    });
    const missing = await client.post('/login/email-code', { json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.email).toEqual(['The email field is required.']);
  });
});

describe('throttles, exact under 30 parallel attempts', () => {
  it('tries: 5 per e-mail and address a minute, then 429', async () => {
    const user = await createUser(t.deps.db, { email: 'code-throttle@example.test' });
    const client = await guest();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.post('/login/email-code/verify', { json: { email: user.email, code: '999999' } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(LOGIN_LIMITS.perEmailAndAddress.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMITS.perEmailAndAddress.limit);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body.errors.code[0]).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('requests: 3 codes per e-mail in 15 minutes, from any addresses, then 429', async () => {
    const user = await createUser(t.deps.db, { email: 'code-request-throttle@example.test' });
    const clients = await Promise.all(Array.from({ length: 30 }, () => guest()));
    const answers = await Promise.all(clients.map((client) => client.post('/login/email-code', { json: { email: user.email } })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(EMAIL_CODE_REQUEST_LIMITS.perEmail.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - EMAIL_CODE_REQUEST_LIMITS.perEmail.limit);
    expect(await codesTo(user.email)).toHaveLength(EMAIL_CODE_REQUEST_LIMITS.perEmail.limit);
  });

  it('requests: 10 per address in 15 minutes across e-mails, then 429', async () => {
    const client = await guest();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => client.post('/login/email-code', { json: { email: `spread-${i}@example.test` } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(EMAIL_CODE_REQUEST_LIMITS.perAddress.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - EMAIL_CODE_REQUEST_LIMITS.perAddress.limit);
  });
});

describe('guessing over time: a long-window bound per account', () => {
  const LOCKED = { code: [EMAIL_CODES_LOCKED_MESSAGE] };
  const lockMails = async (email: string) =>
    (await mailsTo(t.deps.mailer.outboxDir!, email)).filter((m) => m.subject.startsWith('Sign-in codes paused on your account'));

  it('checks exactly 10 of 30 parallel wrong codes from 30 addresses, then refuses codes and mails the owner once', async () => {
    const user = await createUser(t.deps.db, { email: 'code-lock-parallel@example.test' });
    const code = await askForCode(await guest('192.0.2.200'), user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const clients = await Promise.all(Array.from({ length: 30 }, (_, i) => guest(`192.0.2.${i + 1}`)));
    const answers = await Promise.all(clients.map((c) => c.post('/login/email-code/verify', { json: { email: user.email, code: wrong } })));
    expect(answers.filter((a) => a.status === 422)).toHaveLength(EMAIL_CODE_ACCOUNT_LIMITS.perDay.limit);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(answers.some((a) => a.status === 429 && JSON.stringify(a.body.errors) === JSON.stringify(LOCKED))).toBe(true);
    await t.deps.jobs.drain();
    expect(await lockMails(user.email)).toHaveLength(1);
  });

  it('is not reset by a new code: past the bound even the right code is refused, the password still works', async () => {
    const user = await createUser(t.deps.db, { email: 'code-lock-new-code@example.test' });
    const first = await askForCode(await guest('192.0.2.201'), user.email);
    const wrong = first === '000000' ? '111111' : '000000';
    // One at a time from fresh addresses, so only the account's bound is in the way.
    for (let i = 0; i < EMAIL_CODE_ACCOUNT_LIMITS.perDay.limit; i++) {
      const res = await (await guest(`192.0.2.${100 + i}`)).post('/login/email-code/verify', { json: { email: user.email, code: wrong } });
      expect(res.status).toBe(422);
    }
    const client = await guest('192.0.2.202');
    const fresh = await askForCode(client, user.email);
    const refused = await client.post('/login/email-code/verify', { json: { email: user.email, code: fresh } });
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual(LOCKED);
    expect((await client.get('/api/user')).status).toBe(401);
    await client.post('/login/email-code/verify', { json: { email: user.email, code: fresh } });
    await t.deps.jobs.drain();
    expect(await lockMails(user.email)).toHaveLength(1);
    expect((await login(await guest('192.0.2.203'), user.email)).status).toBe(200);
  });
});
