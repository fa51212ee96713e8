import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createAdmin, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { verifyPassword } from '#server/auth/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const validNew = (email: string) => ({
  firstname: 'Nia',
  lastname: 'Cole',
  email,
  role: 'user',
  password: 'a long password',
  password_confirmation: 'a long password',
});

describe('GET /api/users', () => {
  it('searches first name, last name and e-mail in any case, 25 a page from page 1', async () => {
    await createUser(t.deps.db, { firstname: 'Zebedee', lastname: 'Quill', email: 'zq@search.test' });
    await createUser(t.deps.db, { firstname: 'Ann', lastname: 'ZEBRA', email: 'ann@search.test' });
    await createUser(t.deps.db, { firstname: 'Bob', lastname: 'Smith', email: 'zebra-fan@search.test' });
    await createUser(t.deps.db, { firstname: 'Carl', lastname: 'Jones', email: 'carl@search.test' });
    const { client } = await adminClient(t);
    const res = await client.get('/api/users?search=zeB&page=1');
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { email: string }) => u.email).sort()).toEqual([
      'ann@search.test',
      'zebra-fan@search.test',
      'zq@search.test',
    ]);
    expect(res.body).toMatchObject({ total: 3, per_page: 25, current_page: 1, last_page: 1 });
    expect(res.body.data[0]).not.toHaveProperty('password_hash');
    // LIKE wildcards are literal.
    expect((await client.get('/api/users?search=%25')).body.total).toBe(0);
    expect((await client.get('/api/users?search=_')).body.total).toBe(0);
    expect((await client.get('/api/users?page=0')).status).toBe(422);
    expect((await client.get('/api/users?page=abc')).status).toBe(422);
  });

  it('is fast on 10,000 users', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      firstname: `First${i}`,
      lastname: `Last${i % 977}`,
      email: `bulk${i}-${randomBytes(3).toString('hex')}@bulk.test`,
      password_hash: 'x',
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.deps.db
        .insertInto('users')
        .values(rows.slice(i, i + 1000))
        .execute();
    const { client } = await adminClient(t);
    await client.get('/api/users?search=warm');
    const started = performance.now();
    const res = await client.get('/api/users?search=LAST97&page=3');
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.current_page).toBe(3);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.last_page).toBe(Math.ceil(res.body.total / 25));
    const page = await client.get('/api/users?page=400');
    expect(page.body.data.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(1000);
  });
});

describe('create, read, update', () => {
  it('creates a user (201 {data}) and refuses bad fields', async () => {
    const { client } = await adminClient(t);
    const res = await client.post('/api/users', { json: validNew('Nia.Cole@Example.test') });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      firstname: 'Nia',
      lastname: 'Cole',
      email: 'nia.cole@example.test',
      role: 'user',
      has_cv: false,
      two_factor: false,
    });
    const row = await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'a long password')).toBe(true);

    const taken = await client.post('/api/users', { json: validNew('NIA.cole@example.test') });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });

    const bad = await client.post('/api/users', {
      json: { firstname: '', lastname: 'x'.repeat(101), email: 'nope', role: 'member', password: 'short', password_confirmation: 'other' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'firstname', 'lastname', 'password', 'role']);
    expect(bad.body.errors.firstname).toEqual(['The firstname field is required.']);
    expect(bad.body.message).toMatch(/^The firstname field is required\. \(and \d+ more errors\)$/);
    const mismatch = await client.post('/api/users', {
      json: { ...validNew('mm@example.test'), password_confirmation: 'different password' },
    });
    expect(mismatch.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });
  });

  it('lists a taken e-mail with the other messages in one 422 (create and update, REST and tRPC)', async () => {
    const other = await createUser(t.deps.db);
    const user = await createUser(t.deps.db);
    const { client, user: admin } = await adminClient(t);
    const taken = ['The email has already been taken.'];

    const created = await client.post('/api/users', { json: { ...validNew(other.email.toUpperCase()), role: 'owner' } });
    expect(created.status).toBe(422);
    expect(created.body).toEqual({
      message: 'The email has already been taken. (and 1 more error)',
      errors: { email: taken, role: ['The selected role is invalid.'] },
    });

    const update = { firstname: 'a', lastname: 'b', email: other.email.toUpperCase(), telephone: '0'.repeat(41), role: 'user' };
    const updated = await client.patch(`/api/users/${user.id}`, { json: update });
    expect(updated.status).toBe(422);
    expect(updated.body).toEqual({
      message: 'The email has already been taken. (and 1 more error)',
      errors: { email: taken, telephone: ['The telephone field must not be greater than 40 characters.'] },
    });
    // The edited user's own address is not "taken".
    const own = await client.patch(`/api/users/${user.id}`, { json: { ...update, email: user.email.toUpperCase() } });
    expect(own.body.errors).toEqual({ telephone: ['The telephone field must not be greater than 40 characters.'] });

    const caller = await callerFor(t, admin.id);
    const createError = await caller.users.create({ ...validNew(other.email), role: 'owner' } as never).then(
      () => null,
      (e: unknown) => e,
    );
    expect(createError).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      cause: { fieldErrors: { email: taken, role: ['The selected role is invalid.'] } },
    });
    const updateError = await caller.users.update({ ...update, id: user.id, role: 'owner' } as never).then(
      () => null,
      (e: unknown) => e,
    );
    expect(updateError).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      cause: {
        fieldErrors: {
          email: taken,
          telephone: ['The telephone field must not be greater than 40 characters.'],
          role: ['The selected role is invalid.'],
        },
      },
    });
    expect((await t.deps.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email).toBe(
      user.email,
    );
  });

  it('reads a user, 404 for an unknown one', async () => {
    const user = await createUser(t.deps.db, { skills: 'Panel beating' });
    const { client } = await adminClient(t);
    const res = await client.get(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, email: user.email, skills: 'Panel beating' });
    expect((await client.get('/api/users/999999')).status).toBe(404);
  });

  it('updates fields, role member and skills; the password only when given', async () => {
    const user = await createUser(t.deps.db);
    const { client } = await adminClient(t);
    const res = await client.patch(`/api/users/${user.id}`, {
      json: {
        firstname: 'New',
        lastname: 'Name',
        email: user.email,
        telephone: '01234 567890',
        role: 'member',
        skills: 'Spraying, welding',
        password: '',
        password_confirmation: '',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      firstname: 'New',
      lastname: 'Name',
      telephone: '01234 567890',
      role: 'member',
      skills: 'Spraying, welding',
    });
    const unchanged = await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(unchanged.password_hash, FACTORY_PASSWORD)).toBe(true);

    // A new password ends that user's sessions.
    const userClient = new TestClient(t.app);
    await actingAs(t, userClient, user.id);
    const changed = await client.patch(`/api/users/${user.id}`, {
      json: {
        firstname: 'New',
        lastname: 'Name',
        email: user.email,
        role: 'member',
        password: 'brand new secret',
        password_confirmation: 'brand new secret',
      },
    });
    expect(changed.status).toBe(200);
    const row = await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'brand new secret')).toBe(true);
    expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    const other = await createUser(t.deps.db);
    const taken = await client.patch(`/api/users/${user.id}`, {
      json: { firstname: 'a', lastname: 'b', email: other.email.toUpperCase(), role: 'user' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
    expect(
      (await client.patch(`/api/users/${user.id}`, { json: { firstname: 'a', lastname: 'b', email: user.email, role: 'owner' } })).body
        .errors.role,
    ).toEqual(['The selected role is invalid.']);
    expect(
      (await client.patch('/api/users/999999', { json: { firstname: 'a', lastname: 'b', email: 'x@y.test', role: 'user' } })).status,
    ).toBe(404);
  });

  it('keeps the last admin an admin', async () => {
    await t.deps.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute();
    const admin = await createAdmin(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, admin.id);
    const res = await client.patch(`/api/users/${admin.id}`, { json: { firstname: 'A', lastname: 'B', email: admin.email, role: 'user' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ role: ['The last admin cannot lose the admin role.'] });
    expect((await t.deps.db.selectFrom('users').select('role').where('id', '=', admin.id).executeTakeFirstOrThrow()).role).toBe('admin');
    const second = await createAdmin(t.deps.db);
    const ok = await client.patch(`/api/users/${second.id}`, {
      json: { firstname: 'A', lastname: 'B', email: second.email, role: 'member' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('delete', () => {
  it('deletes a user with their sessions and CV; 422 for oneself; 404 for unknown', async () => {
    const { client, user: admin } = await adminClient(t);
    const user = await createUser(t.deps.db);
    await t.deps.storage.putBuffer(`private/cv/${user.id}-cv.pdf`, Buffer.from('%PDF-1.4 cv'));
    await t.deps.db
      .updateTable('users')
      .set({ cv_file_key: `private/cv/${user.id}-cv.pdf`, cv_original_name: 'cv.pdf', cv_mime_type: 'application/pdf', cv_size: 11 })
      .where('id', '=', user.id)
      .execute();
    await actingAs(t, new TestClient(t.app), user.id);
    const res = await client.delete(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('""');
    expect(await t.deps.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.deps.storage.size(`private/cv/${user.id}-cv.pdf`)).toBeNull();
    expect((await client.delete(`/api/users/${user.id}`)).status).toBe(404);
    const self = await client.delete(`/api/users/${admin.id}`);
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('You cannot delete your own account.');
  });
});

describe('CV download', () => {
  it('gives a signed 5-minute link that downloads the CV as an attachment and records it', async () => {
    const { client, user: admin } = await adminClient(t);
    const user = await createUser(t.deps.db);
    const key = `private/cv/${user.id}-${randomBytes(4).toString('hex')}.pdf`;
    const content = Buffer.from('%PDF-1.4\nmy cv\n%%EOF');
    await t.deps.storage.putBuffer(key, content);
    await t.deps.db
      .updateTable('users')
      .set({ cv_file_key: key, cv_original_name: 'Jörg "CV" 2026.pdf', cv_mime_type: 'application/pdf', cv_size: content.length })
      .where('id', '=', user.id)
      .execute();
    const res = await client.get(`/api/users/${user.id}/cv`);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toBe(`/cv-downloads/${user.id}`);
    expect(Number(url.searchParams.get('expires')) - Date.now() / 1000).toBeGreaterThan(290);
    expect(Number(url.searchParams.get('expires')) - Date.now() / 1000).toBeLessThanOrEqual(300);

    // The link works without the session (a new tab or download manager).
    const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="J_rg _CV_ 2026.pdf"; filename*=UTF-8''J%C3%B6rg%20%22CV%22%202026.pdf`,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    const recorded = await t.deps.db
      .selectFrom('cv_downloads')
      .select(['user_id', 'downloaded_by', 'downloaded_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(recorded).toEqual([{ user_id: user.id, downloaded_by: admin.id, downloaded_at: expect.any(Date) }]);

    // Tampered, forged or expired links are refused.
    const tampered = new URL(url);
    tampered.searchParams.set('by', String(admin.id + 1000));
    const other = new URL(url.toString().replace(`/cv-downloads/${user.id}`, `/cv-downloads/${admin.id}`));
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    for (const bad of [tampered, other, expired, new URL(`${url.origin}${url.pathname}`)]) {
      const refused = await t.app.inject({ method: 'GET', url: bad.pathname + bad.search });
      expect(refused.statusCode, bad.toString()).toBe(403);
      expect(refused.json()).toEqual({ message: 'Invalid signature.' });
    }
    // The file itself is never under /media.
    expect((await new TestClient(t.app).get(`/media/${key.replace('private/', '')}`)).status).toBe(404);
    for (const path of [`/media/../${key}`, `/media/%2e%2e/${key}`, `/${key}`]) {
      expect((await new TestClient(t.app).get(path)).text, path).not.toContain('my cv');
    }
  });

  it('answers 404 when there is no CV, and only admins get links', async () => {
    const { client } = await adminClient(t);
    const user = await createUser(t.deps.db);
    expect((await client.get(`/api/users/${user.id}/cv`)).status).toBe(404);
    expect((await client.get('/api/users/999999/cv')).status).toBe(404);
    const { client: member } = await clientAs(t, { role: 'member' });
    expect((await member.get(`/api/users/${user.id}/cv`)).status).toBe(403);
  });
});
