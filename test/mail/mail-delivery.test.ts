// E-mail over SMTP (a real listener), and an SMTP failure that must not lose the account change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';
import { pathOf } from '#test/support/mail.ts';
import { startSmtpListener, type SmtpListener } from '#test/support/smtp.ts';

const account = (email: string) => ({
  firstname: 'Mia',
  lastname: 'Mailer',
  email,
  password: 'long-enough-1',
  password_confirmation: 'long-enough-1',
});

describe('over SMTP', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the verification e-mail with text and HTML parts, and its link works', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    expect((await client.post('/api/register', { json: account('smtp@example.test') })).status).toBe(201);
    const message = smtp.messages.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text.includes('smtp@example.test'))!;
    expect(message.from?.text).toContain('Harbourside Body & Paint');
    expect(message.subject).toBe('Verify your e-mail address - Harbourside Body & Paint');
    expect(message.html).toContain('<a href="http://localhost:3000/email/verify/');
    const link = message.text!.match(/https?:\/\/\S+/)![0];
    expect((await client.get(pathOf(link))).status).toBe(204);
    expect((await client.get('/api/user')).body.data.email_verified_at).not.toBeNull();
  });
});

describe('when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on the loopback refuses at once.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still registers the account and still answers the reset request', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    expect((await client.post('/api/register', { json: account('down@example.test') })).status).toBe(201);
    expect((await client.get('/api/user')).body.data.email).toBe('down@example.test');
    const user = await createUser(t.deps.db, { email: 'down-reset@example.test' });
    const res = await client.post('/forgot-password', { json: { email: user.email } });
    expect(res.status).toBe(200);
    const tokens = await t.deps.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(1);
  });
});
