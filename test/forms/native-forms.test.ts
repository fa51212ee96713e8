// The forms that work without JavaScript (src/server/forms/native-forms.plugin.ts): posted as a
// browser posts a plain form (urlencoded or multipart, no X-XSRF-TOKEN header, the site's Origin),
// answered with a 303 on success and the screen with the errors on failure.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient, type RequestOptions } from '#test/support/client.ts';
import { createUser, FACTORY_PASSWORD, makeJpeg } from '#test/support/factories.ts';
import { cookieOf } from '#test/support/accounts.ts';
import { mailsTo } from '#test/support/mail.ts';
import { renderPage } from '#client/entry-server.tsx';
import { seedDemoContent } from '#server/db/seed/seed.ts';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_MESSAGE } from '#shared/schemas/session.ts';
import { NATIVE_FORM_PATHS, SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

const appUrl = 'http://localhost:3000';
let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  // The screens rendered from the source, as test/public-content/page-shell.test.ts does.
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-forms-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  t = await createTestApp({ APP_URL: appUrl }, { client: { dir: clientDir, renderPage } });
  await seedDemoContent(t.deps.db, t.deps.storage, { isDemoContentOn: false });
  await t.deps.publicContent.refresh();
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

let address = 0;
/** A browser with JavaScript off: no XSRF cookie asked for, so no header; the site's Origin. */
function browser() {
  const client = new TestClient(t.app);
  address += 1;
  const post = (url: string, options: RequestOptions) =>
    client.post(url, {
      ...options,
      headers: { origin: appUrl, accept: 'text/html', 'x-forwarded-for': `10.91.0.${address}`, ...options.headers },
    });
  return { client, post };
}

describe('sign-in without JavaScript', () => {
  it('signs in: 303 to the landing page with the session cookie set, nothing typed in the address', async () => {
    const user = await createUser(t.deps.db, { email: 'native-login@example.test' });
    const { post } = browser();
    const res = await post(NATIVE_FORM_PATHS.login, { form: { email: user.email, password: FACTORY_PASSWORD } });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(cookieOf(res, 'bodyshop_session')?.value).toBeTruthy();
    expect(String(res.headers.location)).not.toContain('native-login');
  });

  it('lands staff on their first allowed admin screen: owner and estimator the dashboard, technician the board, editor the widgets', async () => {
    const cases = [
      { role: 'admin', staff_role: null, to: '/admin' },
      { role: 'user', staff_role: 'estimator', to: '/admin' },
      { role: 'user', staff_role: 'technician', to: '/admin/repairs' },
      { role: 'user', staff_role: 'editor', to: '/admin/widgets' },
    ] as const;
    for (const { role, staff_role, to } of cases) {
      const user = await createUser(t.deps.db, { email: `native-${role}-${staff_role ?? 'owner'}@example.test`, role, staff_role });
      const res = await browser().post(NATIVE_FORM_PATHS.login, { form: { email: user.email, password: FACTORY_PASSWORD } });
      expect(res.status).toBe(303);
      expect(res.headers.location, `${role}/${staff_role}`).toBe(to);
    }
  });

  it('a wrong password: 422, the login screen with the error and the e-mail kept, never the password', async () => {
    const user = await createUser(t.deps.db, { email: 'native-wrong@example.test' });
    const { post } = browser();
    const res = await post(NATIVE_FORM_PATHS.login, { form: { email: user.email, password: 'not-the-password-xyz' } });
    expect(res.status).toBe(422);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('These credentials do not match our records.');
    expect(res.text).toContain(`value="${user.email}"`);
    expect(res.text).not.toContain('not-the-password-xyz');
    expect(cookieOf(res, 'bodyshop_session')).toBeUndefined();
  });
});

describe('registration without JavaScript', () => {
  it('registers and signs in (303 to /account); a refusal keeps the names, never the passwords', async () => {
    const { post } = browser();
    const refused = await post(NATIVE_FORM_PATHS.register, {
      form: {
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'native-register@example.test',
        password: 'cobol-compiler-1959',
        password_confirmation: 'different-one-1959',
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('value="Grace"');
    expect(refused.text).toContain('value="native-register@example.test"');
    expect(refused.text).not.toContain('cobol-compiler-1959');
    expect(refused.text).toContain('aria-invalid="true"');

    const res = await post(NATIVE_FORM_PATHS.register, {
      form: {
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'native-register@example.test',
        password: 'cobol-compiler-1959',
        password_confirmation: 'cobol-compiler-1959',
      },
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/account');
    expect(cookieOf(res, 'bodyshop_session')?.value).toBeTruthy();
    const row = await t.deps.db
      .selectFrom('users')
      .select('firstname')
      .where('email', '=', 'native-register@example.test')
      .executeTakeFirst();
    expect(row?.firstname).toBe('Grace');
  });
});

describe('forgotten and reset password without JavaScript', () => {
  it('mails a link (303, the notice on the next page), resets the password (303 to /login) and signs in with it', async () => {
    const user = await createUser(t.deps.db, { email: 'native-reset@example.test' });
    const { client, post } = browser();
    const forgot = await post(NATIVE_FORM_PATHS.forgotPassword, { form: { email: user.email } });
    expect(forgot.status).toBe(303);
    expect(forgot.headers.location).toBe('/forgot-password');
    const notice = await client.get('/forgot-password');
    expect(notice.status).toBe(200);
    expect(notice.headers['cache-control']).toContain('no-store');
    expect(notice.text).toContain(FORGOT_PASSWORD_MESSAGE);
    // Shown once: the next visit is the usual page.
    expect((await client.get('/forgot-password')).text).not.toContain(FORGOT_PASSWORD_MESSAGE);

    await t.deps.jobs.drain();
    const link = new URL((await mailsTo(t.deps.mailer.outboxDir!, user.email)).at(-1)!.links[0]!);
    const token = link.pathname.split('/')[2]!;
    // The page the link opens carries the token and the address as fields, for this visitor only.
    const page = await client.get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.text).toContain(`name="token" value="${token}"`);
    expect(page.text).toContain(`value="${user.email}"`);
    const short = await post(NATIVE_FORM_PATHS.resetPassword, {
      form: { token, email: user.email, password: 'short', password_confirmation: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.text).toContain(`value="${user.email}"`);
    expect(short.text).toContain(`value="${token}"`);

    const reset = await post(NATIVE_FORM_PATHS.resetPassword, {
      form: { token, email: user.email, password: 'a-brand-new-password-42', password_confirmation: 'a-brand-new-password-42' },
    });
    expect(reset.status).toBe(303);
    expect(reset.headers.location).toBe('/login');
    expect((await client.get('/login')).text).toContain(PASSWORD_RESET_MESSAGE);
    const login = await post(NATIVE_FORM_PATHS.login, { form: { email: user.email, password: 'a-brand-new-password-42' } });
    expect(login.status).toBe(303);
  });

  it('passes "Keep my passkeys": ticked keeps them (and stays ticked after a refusal), unticked removes them', async () => {
    const user = await createUser(t.deps.db, { email: 'native-reset-keep@example.test' });
    const addPasskey = (name: string) =>
      t.deps.db
        .insertInto('passkeys')
        .values({ user_id: user.id, credential_id: `native-${name}`, public_key: 'AAAA', name })
        .execute();
    const names = async () =>
      (await t.deps.db.selectFrom('passkeys').select('name').where('user_id', '=', user.id).execute()).map((r) => r.name);
    const tokenFor = async () => {
      const token = randomBytes(32).toString('hex');
      const tokenHash = createHash('sha256').update(token).digest('hex');
      await t.deps.db.insertInto('password_reset_tokens').values({ user_id: user.id, token_hash: tokenHash }).execute();
      return token;
    };
    await addPasskey('laptop');
    const { post } = browser();
    const token = await tokenFor();
    const page = await post(NATIVE_FORM_PATHS.resetPassword, {
      form: { token, email: user.email, password: 'short', password_confirmation: 'short', keep_passkeys: 'on' },
    });
    expect(page.status).toBe(422);
    expect(page.text).toMatch(/<input[^>]*name="keep_passkeys"[^>]*checked=""/);
    const kept = await post(NATIVE_FORM_PATHS.resetPassword, {
      form: {
        token,
        email: user.email,
        password: 'a-brand-new-password-42',
        password_confirmation: 'a-brand-new-password-42',
        keep_passkeys: 'on',
      },
    });
    expect(kept.status).toBe(303);
    expect(await names()).toEqual(['laptop']);
    // Kept at the last reset, so only one added after it goes now.
    await addPasskey('phone');
    const removed = await post(NATIVE_FORM_PATHS.resetPassword, {
      form: {
        token: await tokenFor(),
        email: user.email,
        password: 'another-new-password-42',
        password_confirmation: 'another-new-password-42',
      },
    });
    expect(removed.status).toBe(303);
    expect(await names()).toEqual(['laptop']);
  });
});

describe('the quote form without JavaScript', () => {
  it('sends the request with a photo (multipart): 303 to /quote, whose next page shows the reference', async () => {
    const { client, post } = browser();
    const res = await post(NATIVE_FORM_PATHS.quote, {
      multipart: {
        name: 'Jo Native',
        email: 'native-quote@example.test',
        vehicle: 'Ford Focus 2018',
        description: 'Dent in the rear passenger door after a car park knock.',
        preferred_contact: 'email',
        consent: 'on',
        photos: [{ filename: 'door.jpg', contentType: 'image/jpeg', data: await makeJpeg(80, 60) }],
      },
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/quote');
    const quote = await t.deps.db
      .selectFrom('quote_requests')
      .select(['id', 'reference'])
      .where('email', '=', 'native-quote@example.test')
      .executeTakeFirstOrThrow();
    const photos = await t.deps.db.selectFrom('quote_request_photos').select('id').where('quote_request_id', '=', quote.id).execute();
    expect(photos).toHaveLength(1);
    const done = await client.get('/quote');
    expect(done.text).toContain(quote.reference);
  });

  it('a refusal: 422, the quote page with the messages beside the fields and what was typed', async () => {
    const { post } = browser();
    const res = await post(NATIVE_FORM_PATHS.quote, {
      multipart: { name: 'Jo Native', email: 'not-an-address', vehicle: 'Van', description: 'Too short', preferred_contact: 'email' },
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain('value="Jo Native"');
    expect(res.text).toContain('value="not-an-address"');
    expect(res.text).toContain('aria-invalid="true"');
  });
});

describe('the CSRF check of a native post', () => {
  it('refuses a post from another site, or one whose origin the browser does not give (419)', async () => {
    const user = await createUser(t.deps.db, { email: 'native-csrf@example.test' });
    const { post } = browser();
    const form = { email: user.email, password: FACTORY_PASSWORD };
    const crossSite = await post(NATIVE_FORM_PATHS.login, { form, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(419);
    expect(cookieOf(crossSite, 'bodyshop_session')).toBeUndefined();
    const client = new TestClient(t.app);
    const noOrigin = await client.post(NATIVE_FORM_PATHS.login, { form });
    expect(noOrigin.status).toBe(419);
    const sameOrigin = await client.post(NATIVE_FORM_PATHS.login, { form, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status).toBe(303);
  });

  it('a form that needs JavaScript answers that it does, keeping nothing', async () => {
    const { post } = browser();
    const res = await post(SCRIPT_ONLY_FORM_PATH, { form: { password: 'typed-secret' } });
    expect(res.status).toBe(400);
    expect(res.text).toContain('needs JavaScript');
    expect(res.text).not.toContain('typed-secret');
  });
});
