/**
 * The staff invitation's page, /accept-invitation/{token}: rendered by the server for each request
 * (private: noindex, `Cache-Control: private, no-store`) with who invited whom as what, and a
 * password form that works without JavaScript (posted natively: a 303 to the role's first screen,
 * signed in; a refusal is the page again with the errors beside the fields, never a password). A
 * used, revoked or expired link is the page with its message, not the 404 page. A breached
 * password is refused on its own field, natively and over tRPC.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient, type RequestOptions } from '#test/support/client.ts';
import { callerFor, createAdmin } from '#test/support/factories.ts';
import { cookieOf } from '#test/support/accounts.ts';
import { mailsTo } from '#test/support/mail.ts';
import { startFakePwnedPasswords, type FakePwnedPasswords } from '#test/support/pwned-passwords.ts';
import { renderPage } from '#client/entry-server.tsx';
import { seedDemoContent } from '#server/db/seed/seed.ts';
import { appErrorOf } from '#server/trpc.ts';
import { BREACHED_PASSWORD_MESSAGE } from '#server/auth/breached-passwords.ts';
import { NATIVE_FORM_PATHS } from '#shared/native-forms.ts';

const appUrl = 'http://localhost:3000';
const PASSWORD = 'a long new staff password';
const BREACHED = 'password123456789';
let t: TestApp;
let fake: FakePwnedPasswords;
let clientDir: string;
let ownerId: number;

beforeAll(async () => {
  fake = await startFakePwnedPasswords({ [BREACHED]: 100_000 });
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-invitation-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  t = await createTestApp({ APP_URL: appUrl, PWNED_PASSWORDS_URL: fake.url }, { client: { dir: clientDir, renderPage } });
  await seedDemoContent(t.deps.db, t.deps.storage, { isDemoContentOn: false });
  await t.deps.publicContent.refresh();
  ownerId = (await createAdmin(t.deps.db, { firstname: 'Morwenna', lastname: 'Tregenza' })).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

let address = 0;
/** A browser with JavaScript off: no XSRF header, the site's Origin. */
function browser() {
  const client = new TestClient(t.app);
  address += 1;
  const headers = { origin: appUrl, accept: 'text/html', 'x-forwarded-for': `10.92.0.${address}` };
  return {
    client,
    get: (url: string) => client.get(url, { headers }),
    post: (url: string, options: RequestOptions) => client.post(url, { ...options, headers: { ...headers, ...options.headers } }),
  };
}

async function invite(email: string, staffRole: 'estimator' | 'technician' | 'editor' = 'estimator') {
  const owner = await callerFor(t, ownerId);
  const invitation = await owner.users.invite({ email, name: 'Kerensa Penrose', staff_role: staffRole });
  const mail = (await mailsTo(t.deps.mailer.outboxDir!, email)).at(-1)!;
  const link = new URL(mail.links.find((l) => l.includes('/accept-invitation/'))!);
  return { invitation, path: link.pathname, token: link.pathname.split('/')[2]! };
}

describe('the invitation page', () => {
  it('says who invited whom as what, with a password form that posts natively', async () => {
    const { path: page, token } = await invite('page-open@example.com');
    const res = await browser().get(page);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.text).toContain('Morwenna Tregenza has invited you');
    expect(res.text).toContain('an estimator');
    expect(res.text).toContain('page-open@example.com');
    expect(res.text).toContain(`action="${NATIVE_FORM_PATHS.acceptInvitation}"`);
    expect(res.text).toContain(`value="${token}"`);
  });

  it('a refusal without JavaScript: 422, the page again with the error beside the field, no password', async () => {
    const { path: page, token } = await invite('page-refused@example.com');
    const { post } = browser();
    const res = await post(NATIVE_FORM_PATHS.acceptInvitation, {
      form: { token, password: PASSWORD, password_confirmation: 'not the same password' },
    });
    expect(res.status).toBe(422);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).toContain('page-refused@example.com');
    expect(res.text).not.toContain(PASSWORD);
    expect(res.text).not.toContain('not the same password');
    expect((await browser().get(page)).text).toContain('Kerensa Penrose');
  });

  it('a breached password is refused on its field, natively and over tRPC', async () => {
    const { token } = await invite('page-breached@example.com');
    const res = await browser().post(NATIVE_FORM_PATHS.acceptInvitation, {
      form: { token, password: BREACHED, password_confirmation: BREACHED },
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain(BREACHED_PASSWORD_MESSAGE.replaceAll("'", '&#x27;').slice(0, 20));
    const guest = await callerFor(t);
    try {
      await guest.users.acceptInvitation({ token, password: BREACHED, password_confirmation: BREACHED });
      expect.unreachable('a breached password was accepted');
    } catch (error) {
      expect(appErrorOf(error).fieldErrors?.password).toEqual([BREACHED_PASSWORD_MESSAGE]);
    }
    expect(
      await t.deps.db.selectFrom('users').select('id').where('email', '=', 'page-breached@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });

  it("accepted without JavaScript: 303 to the role's first screen, signed in; the link then says it was used", async () => {
    const { path: page, token } = await invite('page-accept@example.com', 'technician');
    const { post, client } = browser();
    const res = await post(NATIVE_FORM_PATHS.acceptInvitation, { form: { token, password: PASSWORD, password_confirmation: PASSWORD } });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/repairs');
    expect(cookieOf(res, 'bodyshop_session')?.value).toBeTruthy();
    const me = await client.get('/api/user');
    expect(me.body.data).toMatchObject({ email: 'page-accept@example.com' });

    const used = await browser().get(page);
    expect(used.status).toBe(200);
    expect(used.text).toContain('already been used');
    expect(used.text).not.toContain(`action="${NATIVE_FORM_PATHS.acceptInvitation}"`);
  });

  it('a revoked or expired link is the page with its message, never the 404 page', async () => {
    const revoked = await invite('page-revoked@example.com');
    await (await callerFor(t, ownerId)).users.revokeInvitation({ id: revoked.invitation.id });
    const res = await browser().get(revoked.path);
    expect(res.status).toBe(200);
    expect(res.text).toContain('has been withdrawn');
    expect(res.text).not.toContain('page-revoked@example.com');

    const late = await invite('page-late@example.com');
    await t.deps.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', late.invitation.id)
      .execute();
    const expired = await browser().get(late.path);
    expect(expired.status).toBe(200);
    expect(expired.text).toContain('has expired');

    const madeUp = await browser().get('/accept-invitation/not-a-real-invitation-token-00000000000000');
    expect(madeUp.status).toBe(200);
    expect(madeUp.text).toContain('already been used');
  });
});
