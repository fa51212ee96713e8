// One visitor's whole story through the REST paths, as the original axios client makes the calls.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { clearOfStepEnd, totpCode } from '#test/support/totp.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it(
  'register, verify, two-factor on, sign in with a code and a recovery code, reset the password, update the profile',
  { timeout: 90_000 },
  async () => {
    const email = 'story@example.test';
    const outbox = t.deps.mailer.outboxDir!;
    const client = new TestClient(t.app);

    // Register (multipart, as the original form does) and come back through the e-mailed link.
    expect((await client.csrf()).status).toBe(204);
    const registered = await client.post('/api/register', {
      multipart: { firstname: 'Sam', lastname: 'Sprayer', email, password: 'first-password', password_confirmation: 'first-password' },
    });
    expect(registered.status).toBe(201);
    expect((await client.get('/api/user')).body.data.email_verified_at).toBeNull();
    expect((await client.post('/user/two-factor-authentication')).status).toBe(403);
    const [welcome] = await mailsTo(outbox, email);
    expect((await client.get(pathOf(welcome!.links[0]!))).status).toBe(204);
    expect((await client.get('/api/user')).body.data.email_verified_at).not.toBeNull();

    // Two-factor on: confirm the password (423 before), activate, read the secret, confirm a code.
    expect((await client.post('/user/two-factor-authentication')).status).toBe(423);
    expect((await client.post('/user/confirm-password', { json: { password: 'first-password' } })).status).toBe(201);
    expect((await client.post('/user/two-factor-authentication')).status).toBe(200);
    expect((await client.get('/user/two-factor-qr-code')).body.svg).toContain('<svg');
    const { secretKey } = (await client.get('/user/two-factor-secret-key')).body;
    // The codes below are the previous, current and next 30 s step; starting late in a step, a slow
    // machine could cross into the next one and find the "previous" code two steps old.
    await clearOfStepEnd(10_000);
    expect((await client.post('/user/confirmed-two-factor-authentication', { json: { code: totpCode(secretKey, -1) } })).status).toBe(200);
    const recoveryCodes = (await client.get('/user/two-factor-recovery-codes')).body as string[];
    expect((await client.get('/api/user')).body.data.two_factor).toBe(true);

    // Sign out, then in with a code (sent as both fields, as the original client does).
    expect.soft((await client.post('/logout')).status).toBe(204);
    expect.soft((await client.get('/api/user')).status).toBe(401);
    expect((await client.post('/login', { json: { email, password: 'first-password', remember: false } })).body).toEqual({
      two_factor: true,
    });
    const code = totpCode(secretKey);
    expect((await client.post('/two-factor-challenge', { json: { code, recovery_code: code } })).status).toBe(204);
    expect((await client.get('/api/user')).body.data.email).toBe(email);

    // And from another browser with a recovery code.
    const laptop = new TestClient(t.app);
    await laptop.csrf();
    expect((await laptop.post('/login', { json: { email, password: 'first-password', remember: true } })).body).toEqual({
      two_factor: true,
    });
    const recovery = recoveryCodes[0]!;
    expect((await laptop.post('/two-factor-challenge', { json: { code: recovery, recovery_code: recovery } })).status).toBe(204);
    expect((await laptop.get('/api/user')).status).toBe(200);

    // Forgotten password: the link from the e-mail, a new password; every session ends.
    const stranger = new TestClient(t.app);
    await stranger.csrf();
    expect((await stranger.post('/forgot-password', { json: { email } })).status).toBe(200);
    const resetMail = (await mailsTo(outbox, email)).find((m) => m.subject.startsWith('Reset'))!;
    const link = new URL(resetMail.links[0]!);
    const token = link.pathname.split('/')[2]!;
    const reset = await stranger.post('/reset-password', {
      json: { token, email: link.searchParams.get('email'), password: 'second-password', password_confirmation: 'second-password' },
    });
    expect(reset.body).toEqual({ message: 'Your password has been reset.' });
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(401);

    // Sign in with the new password and a fresh code, then update the profile with a CV.
    expect((await client.post('/login', { json: { email, password: 'second-password' } })).body).toEqual({ two_factor: true });
    expect((await client.post('/two-factor-challenge', { json: { code: totpCode(secretKey, 1) } })).status).toBe(204);
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
    const profile = await client.post('/api/user', {
      multipart: {
        firstname: 'Samantha',
        lastname: 'Sprayer',
        email,
        telephone: '07700 900123',
        day: '14',
        month: '6',
        year: '1988',
        cvfile: { filename: 'samantha-cv.pdf', contentType: 'application/pdf', data: pdf },
      },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      firstname: 'Samantha',
      telephone: '07700 900123',
      dob: { day: 14, month: 6, year: 1988 },
      has_cv: true,
      two_factor: true,
    });
    expect(await readdir(path.join(t.dataDir, 'files', 'private', 'cv'))).toHaveLength(1);
  },
);
