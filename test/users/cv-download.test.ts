// CV downloads: the file name comes from the detected type, a link opens once and only
// for the admin who asked (or without any session), the record names who downloaded, and answers
// that carry a secret are never stored by a cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { turnOnTwoFactor } from '#test/support/accounts.ts';
import { cvFileName } from '#server/files/cv.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function registerWithCv(email: string, filename: string, data: Buffer) {
  const client = new TestClient(t.app);
  await client.csrf();
  const res = await client.post('/api/register', {
    multipart: {
      firstname: 'John',
      lastname: 'Doe',
      email,
      password: 'a-long-password-1',
      password_confirmation: 'a-long-password-1',
      cvfile: { filename, contentType: 'application/pdf', data },
    },
  });
  expect(res.status).toBe(201);
  return (await t.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()).id;
}

async function downloadsOf(userId: number) {
  return t.deps.db.selectFrom('cv_downloads').select(['downloaded_by']).where('user_id', '=', userId).execute();
}

describe('CV file names', () => {
  it('take the extension of the detected type, never the uploader’s', async () => {
    expect(cvFileName('CV_John_Doe.pdf.hta', 'text/plain')).toBe('CV_John_Doe.txt');
    expect(cvFileName('J. Doe CV.pdf', 'application/pdf')).toBe('J. Doe CV.pdf');
    expect(cvFileName('résumé', 'application/rtf')).toBe('résumé.rtf');
    expect(cvFileName('Jörg "CV" 2026.exe', 'application/msword')).toBe('Jörg "CV" 2026.doc');
    expect(cvFileName('.hta', 'text/plain')).toBe('cv.txt');

    const userId = await registerWithCv('hta@example.test', 'CV_John_Doe.pdf.hta', Buffer.from('<script>alert(1)</script>\n'));
    const row = await t.deps.db
      .selectFrom('users')
      .select(['cv_original_name', 'cv_mime_type'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cv_original_name: 'CV_John_Doe.txt', cv_mime_type: 'text/plain' });

    const { client } = await adminClient(t);
    const url = new URL((await client.get(`/api/users/${userId}/cv`)).body.url);
    const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="CV_John_Doe.txt"; filename*=UTF-8''CV_John_Doe.txt`);
  });
});

describe('CV links', () => {
  it('open once, for the admin who asked or without a session, and record who downloaded', async () => {
    const userId = await registerWithCv('once@example.test', 'cv.pdf', Buffer.from('%PDF-1.4\nonce\n%%EOF'));
    const { client: asker, user: admin } = await adminClient(t);
    const { client: otherAdmin } = await adminClient(t);

    const linkResponse = await asker.get(`/api/users/${userId}/cv`);
    expect(linkResponse.headers['cache-control']).toBe('no-store');
    const url = new URL(linkResponse.body.url);
    const path = url.pathname + url.search;

    // The moment of issue is signed: moving it forward does not make a used link new.
    const moved = new URL(url);
    moved.searchParams.set('issued', String(Date.now() + 60_000));
    expect((await t.app.inject({ method: 'GET', url: moved.pathname + moved.search })).statusCode).toBe(403);

    // Another admin's session cannot use it, and nothing is recorded.
    expect((await otherAdmin.get(path)).status).toBe(403);
    expect(await downloadsOf(userId)).toEqual([]);

    // The asker's session can, once; it is recorded as theirs.
    const first = await asker.get(path);
    expect(first.status).toBe(200);
    expect(first.text).toContain('once');
    expect(await downloadsOf(userId)).toEqual([{ downloaded_by: admin.id }]);
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: 'Invalid signature.' });
    expect(await downloadsOf(userId)).toHaveLength(1);

    // A new link opens without a session (a download manager), once.
    const fresh = new URL((await asker.get(`/api/users/${userId}/cv`)).body.url);
    const freshPath = fresh.pathname + fresh.search;
    const [a, b] = await Promise.all([t.app.inject({ method: 'GET', url: freshPath }), t.app.inject({ method: 'GET', url: freshPath })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    expect(await downloadsOf(userId)).toEqual([{ downloaded_by: admin.id }, { downloaded_by: admin.id }]);
  });
});

describe('answers that carry a secret', () => {
  it('are Cache-Control: no-store on both doors', async () => {
    const { client } = await clientAs(t);
    await turnOnTwoFactor(client);
    for (const path of ['/user/two-factor-secret-key', '/user/two-factor-recovery-codes', '/user/two-factor-qr-code']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const viaTrpc = await client.get('/trpc/twoFactor.recoveryCodes');
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.headers['cache-control']).toBe('no-store');
  });
});
