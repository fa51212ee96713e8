// Security e-mails: each event's mail arrives once, through the mail queue, naming what,
// when (at the shop) and from where (browser, system, address), with a single-use "this wasn't me"
// link that gives the account back: original address, everyone signed out, password, two-factor and
// passkeys gone, a reset link to the original address only. Which sign-ins are new: new-sign-in.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { actingAs, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { turnOnTwoFactor } from '#test/support/accounts.ts';
import { mailsTo, type SentMail } from '#test/support/mail.ts';
import {
  CHROME_WINDOWS,
  DeviceClient as DeviceClientOf,
  expectDevice,
  FIREFOX_LINUX,
  SAFARI_IPHONE,
  securityAlerts,
  signIn,
} from '#test/support/security-mail.ts';
import { THIS_WASNT_ME_LIMITS } from '#server/account/security-alerts.service.ts';
import { countPasskeysOf, insertPasskey } from '#server/account/passkeys.repository.ts';
import { registrationResponse } from '#test/support/webauthn.ts';

let t: TestApp;
beforeAll(async () => {
  // Behind one proxy: the address in the mails is the client's, from X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t?.close();
});

/** A client of this file's app whose every request says it comes from `userAgent` at `ip`. */
class DeviceClient extends DeviceClientOf {
  constructor(userAgent: string, ip?: string) {
    super(t.app, userAgent, ip);
  }
}

const alerts = (email: string, subjectStart?: string) => securityAlerts(t, email, subjectStart);

describe('changes to how the account signs in', () => {
  it('password changed', async () => {
    const user = await createUser(t.deps.db, { email: 'alert-change@example.test' });
    const client = new DeviceClient(CHROME_WINDOWS);
    await actingAs(t, client, user.id);
    const res = await client.put('/user/password', {
      json: { current_password: FACTORY_PASSWORD, password: 'a new passphrase', password_confirmation: 'a new passphrase' },
    });
    expect(res.status).toBe(200);
    const mails = await alerts(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your password was changed - Harbourside Body & Paint']);
    expectDevice(mails[0]!, 'Chrome 120 on Windows 10');
    // A refused change sends nothing.
    await client.put('/user/password', {
      json: { current_password: 'wrong', password: 'another one!', password_confirmation: 'another one!' },
    });
    expect(await alerts(user.email)).toHaveLength(1);
  });

  it('password reset', async () => {
    const user = await createUser(t.deps.db, { email: 'alert-reset@example.test' });
    const client = new DeviceClient(FIREFOX_LINUX);
    await client.csrf();
    await client.post('/forgot-password', { json: { email: user.email } });
    await t.deps.jobs.drain();
    const [resetMail] = await mailsTo(t.deps.mailer.outboxDir!, user.email);
    const token = new URL(resetMail!.links[0]!).pathname.split('/')[2]!;
    const res = await client.post('/reset-password', {
      json: { token, email: user.email, password: 'a new passphrase', password_confirmation: 'a new passphrase' },
    });
    expect(res.status).toBe(200);
    const mails = await alerts(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your password was reset - Harbourside Body & Paint']);
    expectDevice(mails[0]!, 'Firefox 121 on Linux');
  });

  it('two-factor on, recovery codes replaced, two-factor off: one mail each', async () => {
    const user = await createUser(t.deps.db, { email: 'alert-2fa@example.test' });
    const client = new DeviceClient(SAFARI_IPHONE);
    await actingAs(t, client, user.id);
    await turnOnTwoFactor(client);
    expect((await client.post('/user/two-factor-recovery-codes')).status).toBe(200);
    expect((await client.delete('/user/two-factor-authentication')).status).toBe(200);
    // Off again: nothing was on, nothing is sent.
    expect((await client.delete('/user/two-factor-authentication')).status).toBe(200);
    const mails = await alerts(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Two-factor authentication turned on - Harbourside Body & Paint',
      'New recovery codes made - Harbourside Body & Paint',
      'Two-factor authentication turned off - Harbourside Body & Paint',
    ]);
    for (const mail of mails) expectDevice(mail, 'Safari 17 on iOS 17.1');
  });

  it('a set-up never confirmed sends nothing when its codes are replaced or it is cancelled', async () => {
    const user = await createUser(t.deps.db, { email: 'alert-pending-2fa@example.test' });
    const client = new DeviceClient(SAFARI_IPHONE);
    await actingAs(t, client, user.id, { passwordConfirmed: true });
    expect((await client.post('/user/two-factor-authentication')).status).toBe(200);
    expect((await client.post('/user/two-factor-recovery-codes')).status).toBe(200);
    expect((await client.delete('/user/two-factor-authentication')).status).toBe(200);
    expect(await alerts(user.email)).toEqual([]);
  });

  it('e-mail address changed: to the old address and the new one', async () => {
    const user = await createUser(t.deps.db, { email: 'old-address@example.test', firstname: 'Olga' });
    const client = new DeviceClient(CHROME_WINDOWS);
    await actingAs(t, client, user.id);
    const res = await client.post('/api/user', { multipart: { firstname: 'Olga', lastname: 'Panel', email: 'new-address@example.test' } });
    expect(res.status).toBe(200);
    const old = await alerts('old-address@example.test');
    const fresh = await alerts('new-address@example.test');
    expect(old).toHaveLength(1);
    expect(fresh).toHaveLength(1);
    for (const mail of [old[0]!, fresh[0]!]) {
      expect(mail.subject).toBe('Your e-mail address was changed - Harbourside Body & Paint');
      expect(mail.text).toContain('changed from old-address@example.test to new-address@example.test');
      expectDevice(mail, 'Chrome 120 on Windows 10');
    }
  });
});

describe("this wasn't me", () => {
  it('signs the account out everywhere, removes its passkeys and e-mails a reset link, once', async () => {
    const user = await createUser(t.deps.db, { email: 'not-me@example.test' });
    const other = await createUser(t.deps.db, { email: 'not-me-neighbour@example.test' });
    const passkey = { publicKey: 'cHVibGlj', counter: 0, transports: 'internal', name: 'Laptop' };
    await insertPasskey(t.deps.db, { ...passkey, userId: user.id, credentialId: 'not-me-credential' });
    await insertPasskey(t.deps.db, { ...passkey, userId: other.id, credentialId: 'neighbour-credential' });
    const mine = new DeviceClient(CHROME_WINDOWS);
    await signIn(mine, user.email);
    const intruder = new DeviceClient(FIREFOX_LINUX, '192.0.2.66');
    await signIn(intruder, user.email);
    const mails = await alerts(user.email);
    expect(mails).toHaveLength(2);
    const token = new URL(mails[1]!.links[0]!).pathname.split('/')[2]!;
    // Stored hashed only.
    const rows = await t.deps.db.selectFrom('security_alert_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const guest = new DeviceClient(CHROME_WINDOWS);
    await guest.csrf();
    const res = await guest.post('/api/security/this-wasnt-me', { json: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message:
        'We have signed everyone out, removed two-factor and passkeys, and sent a link to set a new password to not-me@example.test. Please choose a new password now.',
    });
    expect(await countPasskeysOf(t.deps.db, user.id)).toBe(0);
    expect(await countPasskeysOf(t.deps.db, other.id)).toBe(1);
    expect((await mine.get('/api/user')).status).toBe(401);
    expect((await intruder.get('/api/user')).status).toBe(401);
    await t.deps.jobs.drain();
    const resets = (await mailsTo(t.deps.mailer.outboxDir!, user.email)).filter((m) => m.subject.startsWith('Reset your password'));
    expect(resets).toHaveLength(1);

    // Single use, and the other alert's link went with it.
    const again = await guest.post('/api/security/this-wasnt-me', { json: { token } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ token: ['This link is invalid, has expired or has already been used.'] });
    const otherToken = new URL(mails[0]!.links[0]!).pathname.split('/')[2]!;
    expect((await guest.post('/api/security/this-wasnt-me', { json: { token: otherToken } })).status).toBe(422);
  });

  it('refuses a link older than 7 days and a missing token', async () => {
    const user = await createUser(t.deps.db, { email: 'not-me-late@example.test' });
    await signIn(new DeviceClient(CHROME_WINDOWS, '192.0.2.10'), user.email);
    const [mail] = await alerts(user.email);
    const token = new URL(mail!.links[0]!).pathname.split('/')[2]!;
    await t.deps.db
      .updateTable('security_alert_tokens')
      .set({ created_at: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const guest = new DeviceClient(CHROME_WINDOWS, '192.0.2.10');
    await guest.csrf();
    expect((await guest.post('/api/security/this-wasnt-me', { json: { token } })).status).toBe(422);
    const missing = await guest.post('/api/security/this-wasnt-me', { json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ token: ['The token field is required.'] });
  });

  it('throttles guesses per address, exactly, under 30 parallel attempts', async () => {
    const guest = new DeviceClient(CHROME_WINDOWS, '192.0.2.99');
    await guest.csrf();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => guest.post('/api/security/this-wasnt-me', { json: { token: `guess-${i}` } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(THIS_WASNT_ME_LIMITS.perAddress.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - THIS_WASNT_ME_LIMITS.perAddress.limit);
  });

  it('gives the account back after an intruder changed the address and added two-factor and a passkey', async () => {
    const original = 'taken-over@example.test';
    const intruders = 'intruder-address@example.test';
    const user = await createUser(t.deps.db, { email: original, firstname: 'Tam' });
    const intruder = new DeviceClient(FIREFOX_LINUX, '192.0.2.77');
    await signIn(intruder, original);
    const changed = await intruder.post('/api/user', { multipart: { firstname: 'Tam', lastname: 'Over', email: intruders } });
    expect(changed.status).toBe(200);
    await t.deps.jobs.drain();
    const verification = (await mailsTo(t.deps.mailer.outboxDir!, intruders)).find((m) => m.subject.startsWith('Verify'));
    const verifyUrl = new URL(verification!.links[0]!);
    expect((await intruder.get(verifyUrl.pathname + verifyUrl.search)).status).toBe(204);
    await turnOnTwoFactor(intruder);
    const { options } = (await intruder.post('/api/user/passkeys/options', { json: {} })).body;
    const added = await intruder.post('/api/user/passkeys', {
      json: { name: 'Intruder key', response: registrationResponse(options.challenge) },
    });
    expect(added.status).toBe(201);
    expect(await countPasskeysOf(t.deps.db, user.id)).toBe(1);
    expect(await t.deps.db.selectFrom('known_devices').select('id').where('user_id', '=', user.id).execute()).not.toEqual([]);

    // The owner's link: the address-change mail that went to the original address.
    const [changeMail] = await alerts(original, 'Your e-mail address was changed');
    const token = new URL(changeMail!.links[0]!).pathname.split('/')[2]!;
    const owner = new DeviceClient(CHROME_WINDOWS, '198.51.100.20');
    await owner.csrf();
    const res = await owner.post('/api/security/this-wasnt-me', { json: { token } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `We have signed everyone out, removed two-factor and passkeys, and sent a link to set a new password to ${original}. Please choose a new password now.`,
    );

    const row = await t.deps.db
      .selectFrom('users')
      .select(['email', 'email_verified_at', 'two_factor_secret', 'two_factor_confirmed_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(original);
    expect(row.email_verified_at).not.toBeNull();
    expect(row.two_factor_secret).toBeNull();
    expect(row.two_factor_confirmed_at).toBeNull();
    expect(await countPasskeysOf(t.deps.db, user.id)).toBe(0);
    // The intruder's browser is forgotten: its next sign-in is mailed as new.
    expect(await t.deps.db.selectFrom('known_devices').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await intruder.get('/api/user')).status).toBe(401);
    expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const again = new DeviceClient(FIREFOX_LINUX, '192.0.2.79');
    await again.csrf();
    const oldPassword = await again.post('/login', { json: { email: original, password: FACTORY_PASSWORD, remember: false } });
    expect(oldPassword.status).toBe(422);
    expect((await again.post('/login', { json: { email: intruders, password: FACTORY_PASSWORD, remember: false } })).status).toBe(422);

    await t.deps.jobs.drain();
    const resets = (await mailsTo(t.deps.mailer.outboxDir!, original)).filter((m) => m.subject.startsWith('Reset your password'));
    expect(resets).toHaveLength(1);
    expect(resets.at(-1)!.links[0]).toContain(`email=${encodeURIComponent(original)}`);
    const toIntruder = (await mailsTo(t.deps.mailer.outboxDir!, intruders)).filter((m) => m.subject.startsWith('Reset your password'));
    expect(toIntruder).toEqual([]);
    // The owner's link took every other link with it.
    expect(await t.deps.db.selectFrom('security_alert_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it("keeps the owner's link to the original address when another alert's link is used first", async () => {
    const original = 'kept-link@example.test';
    const user = await createUser(t.deps.db, { email: original });
    const intruder = new DeviceClient(FIREFOX_LINUX, '192.0.2.81');
    await signIn(intruder, original);
    await intruder.post('/api/user', { multipart: { firstname: 'Kim', lastname: 'Kept', email: 'kept-intruder@example.test' } });
    const [ownersMail] = await alerts(original, 'Your e-mail address was changed');
    const [intrudersMail] = await alerts('kept-intruder@example.test', 'Your e-mail address was changed');
    const tokenOf = (mail: SentMail) => new URL(mail.links[0]!).pathname.split('/')[2]!;
    const guest = new DeviceClient(FIREFOX_LINUX, '192.0.2.82');
    await guest.csrf();
    expect((await guest.post('/api/security/this-wasnt-me', { json: { token: tokenOf(intrudersMail!) } })).status).toBe(200);
    const res = await guest.post('/api/security/this-wasnt-me', { json: { token: tokenOf(ownersMail!) } });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(`sent a link to set a new password to ${original}.`);
    expect((await t.deps.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email).toBe(original);
  });
});
