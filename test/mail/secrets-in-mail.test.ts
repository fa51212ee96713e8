/**
 * No admin, and nobody who reads the log, learns a customer's secret from the mail the site sent:
 * the sign-in code, the reset token, the verification link's hash and signature and the "this
 * wasn't me" token are in the delivered message's body only. Each is asked for over the REST door,
 * read from the message the real SMTP listener received, used, and then looked for in the admin's
 * Outgoing mail list (as an admin calls it), in every stored `outgoing_mail` row and in every line
 * the app logged, at trace level, meanwhile. Both engines (TEST_DATABASE_URL).
 */
import { Writable } from 'node:stream';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createAdmin, createUser } from '#test/support/factories.ts';
import { pathOf } from '#test/support/mail.ts';
import { startSmtpListener, type SmtpListener } from '#test/support/smtp.ts';
import type { OutgoingMail } from '#shared/schemas/outgoing-mail.ts';

const SHOP = 'Harbourside Body & Paint';

let t: TestApp;
let smtp: SmtpListener;
let adminId: number;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpListener();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ SMTP_URL: smtp.url }, { loggerInstance: pino({ level: 'trace' }, sink) });
  adminId = (await createAdmin(t.deps.db)).id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  logLines.length = 0;
});

async function guest(): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.csrf();
  return client;
}

/** The newest message the SMTP listener received for `address` whose subject starts with `subject`. */
function delivered(address: string, subject: string): ParsedMail {
  const found = smtp.messages.filter((m) => {
    const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
    return to.toLowerCase().includes(address.toLowerCase()) && (m.subject ?? '').startsWith(subject);
  });
  expect(found.length, `a "${subject}" mail to ${address}`).toBeGreaterThan(0);
  return found.at(-1)!;
}

const linkIn = (mail: ParsedMail, pattern: RegExp) => new URL((mail.text ?? '').match(pattern)![0]);

/** The admin's Outgoing mail list for `address`, as the admin screen asks for it. */
async function listedFor(address: string): Promise<OutgoingMail[]> {
  const admin = await callerFor(t, adminId);
  const page = await admin.outgoingMail.list({});
  return page.data.filter((m) => m.to.toLowerCase() === address.toLowerCase());
}

/** Everything stored about mails to `address`: every column, the queued params too. */
async function storedFor(address: string): Promise<unknown[]> {
  return t.deps.db.selectFrom('outgoing_mail').selectAll().where('recipient', '=', address).execute();
}

/**
 * `secret` is nowhere in `text`. A 6-digit code is looked for as a number of its own: the log's
 * epoch-millisecond times and the ids hold runs of digits that may contain any six.
 */
function expectAbsent(text: string, secret: string, where: string) {
  const pattern = /^\d+$/.test(secret)
    ? new RegExp(`(?<!\\d)${secret}(?!\\d)`)
    : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  expect(pattern.test(text), `${where} carries the secret ${secret}`).toBe(false);
}

async function expectNowhere(address: string, secrets: string[]) {
  const listed = JSON.stringify(await listedFor(address));
  const stored = JSON.stringify(await storedFor(address));
  const logged = logLines.join('\n');
  // The log was written meanwhile (the request lines at least): an empty log would prove nothing.
  expect(logLines.some((line) => line.includes('"msg":"request"'))).toBe(true);
  for (const secret of secrets) {
    expectAbsent(listed, secret, 'the Outgoing mail list');
    expectAbsent(stored, secret, 'the outgoing_mail rows');
    expectAbsent(logged, secret, 'the log');
  }
}

describe('secrets in the mail the site sent', () => {
  it('the e-mailed sign-in code: in the message only, listed as a sign-in code', async () => {
    const user = await createUser(t.deps.db, { email: 'secret-code@example.test', firstname: 'Cora' });
    const client = await guest();
    expect((await client.post('/login/email-code', { json: { email: user.email } })).status).toBe(200);
    const mail = delivered(user.email, 'Your sign-in code for ');
    const code = /Your code to sign in is (\d{6})\./.exec(mail.text ?? '')![1]!;
    expect(mail.subject).toBe(`Your sign-in code for ${SHOP}`);
    expect(mail.subject).not.toContain(code);
    expect(mail.html).toContain(code);
    // The code works: it is the real one that is kept out of the list and the log.
    const verify = await client.post('/login/email-code/verify', { json: { email: user.email, code } });
    expect(verify.status).toBe(200);

    const listed = await listedFor(user.email);
    expect(listed.find((m) => m.kind === 'login-code')).toMatchObject({ subject: `Your sign-in code for ${SHOP}`, status: 'sent' });
    expect(logLines.some((line) => line.includes('"msg":"e-mail sent"'))).toBe(true);
    await expectNowhere(user.email, [code]);
  });

  it('the password reset token, and the "this wasn\'t me" token of the security e-mail the reset sends', async () => {
    const user = await createUser(t.deps.db, { email: 'secret-reset@example.test' });
    const client = await guest();
    expect((await client.post('/forgot-password', { json: { email: user.email } })).status).toBe(200);
    const resetLink = linkIn(delivered(user.email, 'Reset your password'), /http:\/\/localhost:3000\/reset-password\/\S+/);
    const resetToken = resetLink.pathname.split('/')[2]!;
    expect(resetToken).toMatch(/^[0-9a-f]{64}$/);
    const reset = await client.post('/reset-password', {
      json: { token: resetToken, email: user.email, password: 'a-new-long-secret', password_confirmation: 'a-new-long-secret' },
    });
    expect(reset.status).toBe(200);

    const alert = delivered(user.email, 'Your password was reset');
    const alertToken = linkIn(alert, /http:\/\/localhost:3000\/this-wasnt-me\/\S+/).pathname.split('/')[2]!;
    expect(alertToken).toMatch(/^[0-9a-f]{64}$/);
    // Used, as its owner would: it mails a fresh reset link, whose token is kept out as well.
    const notMe = await client.post('/api/security/this-wasnt-me', { json: { token: alertToken } });
    expect(notMe.status).toBe(200);
    const freshToken = linkIn(delivered(user.email, 'Reset your password'), /http:\/\/localhost:3000\/reset-password\/\S+/).pathname.split(
      '/',
    )[2]!;
    expect(freshToken).not.toBe(resetToken);

    const kinds = (await listedFor(user.email)).map((m) => [m.kind, m.subject]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['password-reset', `Reset your password - ${SHOP}`],
        ['security-alert', `Your password was reset - ${SHOP}`],
      ]),
    );
    await expectNowhere(user.email, [resetToken, alertToken, freshToken]);
  });

  it("the verification link's hash and signature", async () => {
    const email = 'secret-verify@example.test';
    const client = await guest();
    const register = await client.post('/api/register', {
      json: {
        firstname: 'Vic',
        lastname: 'Verify',
        email,
        password: 'a-long-enough-secret',
        password_confirmation: 'a-long-enough-secret',
      },
    });
    expect(register.status).toBe(201);
    const link = linkIn(delivered(email, 'Verify your e-mail address'), /http:\/\/localhost:3000\/email\/verify\/\S+/);
    const hash = link.pathname.split('/')[4]!;
    const signature = link.searchParams.get('signature')!;
    expect(hash).toMatch(/^[0-9a-f]{40,64}$/);
    expect(signature.length).toBeGreaterThanOrEqual(32);
    const verify = await client.get(pathOf(link.toString()));
    expect(verify.status).toBe(204);

    expect((await listedFor(email)).find((m) => m.kind === 'verification')).toMatchObject({
      subject: `Verify your e-mail address - ${SHOP}`,
      status: 'sent',
    });
    await expectNowhere(email, [hash, signature]);
  });
});

describe("the list's page cursor", () => {
  it('takes an instant in the years any date field takes, and names `before` for any other', async () => {
    const admin = await callerFor(t, adminId);
    expect((await admin.outgoingMail.list({ before: new Date(Date.now() + 60_000).toISOString() })).data.length).toBeGreaterThan(0);
    for (const before of ['0000-01-01T10:00:00Z', '9999-12-31T10:00:00Z', '2026-02-30T10:00:00Z', 'yesterday']) {
      const refusal = await admin.outgoingMail.list({ before }).then(
        () => null,
        (error: { code?: string; cause?: { fieldErrors?: Record<string, string[]> } }) => error,
      );
      expect(refusal?.code, before).toBe('UNPROCESSABLE_CONTENT');
      expect(Object.keys(refusal?.cause?.fieldErrors ?? {}), before).toEqual(['before']);
    }
  });
});
