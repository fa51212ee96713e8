// The activity log (docs/rest-contract.md "Activity log and bin"): every logged action
// writes its entry in its own transaction, with who, the address and the item; the screen's
// filters and pages; the CSV; retention; "Deleted user"; admins only on both doors.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createAdmin, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { login, turnOnTwoFactor } from '#test/support/accounts.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { appErrorOf } from '#server/trpc.ts';
import { appRouter } from '#server/router.ts';
import { THROTTLE_ENTRY_WINDOW_MS } from '#server/account/sign-in.service.ts';
import { pruneActivity, recordActivity } from '#server/activity/activity.service.ts';
import { safeCell } from '#test/support/activity-csv-reference.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { createBackup } from '#server/backup/backup.service.ts';
import { replacePasswordResetToken } from '#server/account/password-reset-tokens.repository.ts';
import { getShop } from '#server/shop/shop.service.ts';
import type { ActivityKind } from '#shared/value-sets.ts';

let t: TestApp;
beforeAll(async () => {
  // Clients at other addresses come through a proxy on this machine (X-Forwarded-For).
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

function entries(kind: ActivityKind) {
  return t.deps.db
    .selectFrom('activity_entries')
    .select(['actor_user_id', 'actor_label', 'ip_address', 'item_type', 'item_id', 'item_label', 'details', 'version_id'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

async function latest(kind: ActivityKind) {
  const rows = await entries(kind);
  return rows.at(-1);
}

describe('every logged action writes its entry', () => {
  it('content saved and deleted: testimonials, galleries and their images, widgets; from the address behind the proxy', async () => {
    const { client, user: admin } = await adminClient(t);
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const created = await client.post('/api/testimonials', { json: { name: 'Ann Activity', score: 5, review: '<p>Great</p>' }, headers });
    expect(created.status).toBe(201);
    expect(await latest('content-saved')).toEqual({
      actor_user_id: admin.id,
      actor_label: `${admin.firstname} ${admin.lastname} (${admin.email})`,
      ip_address: '203.0.113.7',
      item_type: 'testimonial',
      item_id: created.body.id,
      item_label: 'Ann Activity',
      details: 'created',
      version_id: null,
    });
    await client.post(`/api/testimonials/${created.body.id}`, { json: { name: 'Ann Edited', score: 4, review: '<p>Good</p>' } });
    expect(await latest('content-saved')).toMatchObject({
      item_type: 'testimonial',
      item_label: 'Ann Edited',
      details: null,
      ip_address: '127.0.0.1',
    });
    expect((await client.delete(`/api/testimonials/${created.body.id}`)).status).toBe(200);
    expect(await latest('content-deleted')).toMatchObject({ actor_user_id: admin.id, item_type: 'testimonial', item_id: created.body.id });

    const gallery = await client.post('/api/galleries', { json: { name: 'Logged gallery' } });
    expect(await latest('content-saved')).toMatchObject({ item_type: 'gallery', item_id: gallery.body.id, details: 'created' });
    await client.post(`/api/galleries/${gallery.body.id}`, { json: { hidden: true } });
    expect(await latest('content-saved')).toMatchObject({ item_type: 'gallery', item_label: 'Logged gallery', details: null });
    expect((await client.delete(`/api/galleries/${gallery.body.id}`)).status).toBe(200);
    expect(await latest('content-deleted')).toMatchObject({ item_type: 'gallery', item_label: 'Logged gallery' });

    const widget = await client.post('/api/widgets', { json: { name: 'LoggedWidget' } });
    expect(widget.status).toBe(201);
    expect(await latest('content-saved')).toMatchObject({ item_type: 'widget', item_id: widget.body.id, item_label: 'LoggedWidget' });
    await client.post(`/api/widgets/${widget.body.id}`, { json: { html: '<p>Changed</p>' } });
    expect(await latest('content-saved')).toMatchObject({ item_type: 'widget', item_id: widget.body.id, details: null });
  });

  it('a refused change writes nothing: the entry is in the transaction of the change', async () => {
    const { client } = await adminClient(t);
    const before = (await entries('content-saved')).length;
    expect((await client.post('/api/testimonials/999999', { json: { name: 'Nobody', score: 4, review: '<p>x</p>' } })).status).toBe(404);
    expect((await client.post('/api/testimonials', { json: { name: 'No review', score: 4, review: '<script>x</script>' } })).status).toBe(
      422,
    );
    expect((await entries('content-saved')).length).toBe(before);
  });

  it('users created, their role changed, a password set by an admin, and deleted', async () => {
    const { client, user: admin } = await adminClient(t);
    const created = await client.post('/api/users', {
      json: {
        firstname: 'New',
        lastname: 'Person',
        email: 'new.person@example.test',
        role: 'user',
        password: 'a-long-password',
        password_confirmation: 'a-long-password',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(await latest('user-created')).toMatchObject({
      actor_user_id: admin.id,
      item_id: id,
      item_label: 'new.person@example.test',
      details: 'role user',
    });
    const patched = await client.patch(`/api/users/${id}`, {
      json: {
        firstname: 'New',
        lastname: 'Person',
        email: 'new.person@example.test',
        role: 'admin',
        password: 'another-long-password',
        password_confirmation: 'another-long-password',
      },
    });
    expect(patched.status).toBe(200);
    expect(await latest('user-role-changed')).toMatchObject({ item_id: id, details: 'user → admin' });
    expect(await latest('password-changed')).toMatchObject({ actor_user_id: admin.id, item_id: id, details: 'set by an admin' });
    expect((await client.delete(`/api/users/${id}`)).status).toBe(200);
    expect(await latest('user-deleted')).toMatchObject({
      actor_user_id: admin.id,
      item_type: 'user',
      item_id: id,
      item_label: 'Deleted user',
    });
    // The entries about the deleted user no longer name them.
    expect((await entries('user-created')).find((e) => e.item_id === id)?.item_label).toBe('Deleted user');
  });

  it('two-factor on and off, a password changed by its owner and reset by link', async () => {
    const user = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id, { passwordConfirmed: true });
    await turnOnTwoFactor(client);
    expect(await latest('two-factor-on')).toMatchObject({ actor_user_id: user.id, item_id: user.id, ip_address: '127.0.0.1' });
    expect((await client.delete('/user/two-factor-authentication')).status).toBe(200);
    expect(await latest('two-factor-off')).toMatchObject({ actor_user_id: user.id, item_id: user.id });

    const changed = await client.put('/user/password', {
      json: { current_password: FACTORY_PASSWORD, password: 'my-new-password', password_confirmation: 'my-new-password' },
    });
    expect(changed.status).toBe(200);
    expect(await latest('password-changed')).toMatchObject({ actor_user_id: user.id, item_id: user.id, details: null });

    const token = randomBytes(32).toString('hex');
    await replacePasswordResetToken(t.deps.db, user.id, createHash('sha256').update(token).digest('hex'));
    await (
      await callerFor(t)
    ).session.resetPassword({ token, email: user.email, password: 'reset-password-1', password_confirmation: 'reset-password-1' });
    expect(await latest('password-reset')).toMatchObject({ actor_user_id: user.id, item_id: user.id, item_label: user.email });
  });

  it('sign-ins the throttle refuses: one entry per e-mail and window, however many attempts at once', async () => {
    await createUser(t.deps.db, { email: 'throttled@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    // Clear of a window's end, so the 30 attempts fall in one window.
    const leftMs = THROTTLE_ENTRY_WINDOW_MS - (Date.now() % THROTTLE_ENTRY_WINDOW_MS);
    if (leftMs < 15_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 200));
    const before = (await entries('sign-in-throttled')).length;
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.post('/login', {
          json: { email: 'throttled@example.test', password: 'wrong' },
          headers: { 'x-forwarded-for': '198.51.100.9' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 429).length).toBe(25);
    const rows = (await entries('sign-in-throttled')).slice(before);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        actor_label: 'Visitor (not signed in)',
        ip_address: '198.51.100.9',
        item_label: 'throttled@example.test',
      }),
    ]);
    // More refusals in the same window add nothing.
    const again = await client.post('/login', {
      json: { email: 'throttled@example.test', password: 'wrong' },
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(again.status).toBe(429);
    expect((await entries('sign-in-throttled')).length).toBe(before + 1);
  });

  it('a throttled sign-in whose e-mail holds a NUL byte is still a 429, logged without it (PostgreSQL refuses NUL in text)', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const email = 'nul\u0000byte@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await client.post('/login', { json: { email, password: 'wrong' }, headers: { 'x-forwarded-for': '198.51.100.77' } });
      statuses.push(res.status);
    }
    expect(statuses).not.toContain(500);
    expect(statuses.at(-1)).toBe(429);
    const labels = (await entries('sign-in-throttled')).map((row) => row.item_label);
    expect(labels).toContain('nulbyte@example.test');
  });

  it('data exports, shop details changed, and backups', async () => {
    const { client, user } = await clientAs(t);
    expect((await client.get('/api/user/export')).status).toBe(200);
    expect(await latest('data-exported')).toMatchObject({ actor_user_id: user.id, item_id: user.id });

    const { client: admin, user: adminUser } = await adminClient(t);
    const shop = await getShop(t.deps);
    expect((await admin.put('/api/shop', { json: { ...shop, tagline: 'Logged tagline' } })).status).toBe(200);
    expect(await latest('shop-changed')).toMatchObject({ actor_user_id: adminUser.id, item_type: 'shop' });

    const dir = await mkdtemp(path.join(os.tmpdir(), 'activity-backup-'));
    try {
      const file = path.join(dir, 'site.tar.gz');
      await createBackup(t.config, t.deps.db, t.database.engine, file);
      expect(await latest('backup-made')).toMatchObject({ actor_user_id: null, actor_label: 'Command line', item_label: 'site.tar.gz' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('account deletion keeps the entries, with "Deleted user" in place of the person, and logs itself', async () => {
    const user = await createUser(t.deps.db);
    const browser = new TestClient(t.app);
    expect((await login(browser, user.email)).status).toBe(200);
    expect((await browser.get('/api/user/export')).status).toBe(200);
    expect((await browser.delete('/api/user', { json: { password: FACTORY_PASSWORD } })).status).toBe(200);
    const exported = (await entries('data-exported')).filter((e) => e.item_id === user.id);
    expect(exported).toEqual([expect.objectContaining({ actor_user_id: null, actor_label: 'Deleted user', item_id: user.id })]);
    expect(await latest('account-deleted')).toMatchObject({ actor_user_id: null, actor_label: 'Deleted user', item_id: user.id });
    const everything = await t.deps.db.selectFrom('activity_entries').select(['actor_label', 'item_label']).execute();
    expect(JSON.stringify(everything)).not.toContain(user.email);
  });
});

describe('the log screen: filters, pages, CSV', () => {
  let admin: TestClient;
  let person: { id: number };
  beforeAll(async () => {
    const signedIn = await adminClient(t);
    admin = signedIn.client;
    person = await createAdmin(t.deps.db, { firstname: '=SUM(1+1)', lastname: 'Formula' });
    // 30 entries of one person, one a day in January 2026, and one at 23:30 UTC on 30 June 2026 (00:30
    // on 1 July in London).
    for (let i = 0; i < 30; i++) {
      await recordActivity(t.deps.db, {
        actor: { userId: person.id, ip: '192.0.2.1' },
        kind: 'content-saved',
        item: { type: 'testimonial', id: i + 1, label: `Item ${i}` },
      });
    }
    const rows = await t.deps.db.selectFrom('activity_entries').select('id').where('actor_user_id', '=', person.id).orderBy('id').execute();
    for (const [i, row] of rows.entries()) {
      await t.deps.db
        .updateTable('activity_entries')
        .set({ created_at: new Date(Date.UTC(2026, 0, 1 + i, 12)) })
        .where('id', '=', row.id)
        .execute();
    }
    await recordActivity(t.deps.db, { actor: { userId: person.id, ip: '192.0.2.1' }, kind: 'shop-changed', item: { type: 'shop' } });
    await t.deps.db
      .updateTable('activity_entries')
      .set({ created_at: new Date(Date.UTC(2026, 5, 30, 23, 30)) })
      .where('actor_user_id', '=', person.id)
      .where('kind', '=', 'shop-changed')
      .execute();
  });

  it('filters by person and kind, newest first, 25 a page with the total', async () => {
    const first = await admin.get(`/api/activity?user=${person.id}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.body).toMatchObject({ total: 31, per_page: 25, current_page: 1, last_page: 2 });
    expect(first.body.data).toHaveLength(25);
    expect(first.body.data[0]).toMatchObject({
      kind: 'shop-changed',
      actor_name: expect.stringContaining('=SUM(1+1) Formula'),
      user_id: person.id,
      link: '/admin/shop',
    });
    expect(first.body.data[1]).toMatchObject({
      kind: 'content-saved',
      what: 'Content saved: testimonial “Item 29”',
      item_type: 'testimonial',
      item_id: 30,
      item_label: 'Item 29',
      version_id: null,
      ip: '192.0.2.1',
      link: '/admin/testimonials',
      created_at: '2026-01-30T12:00:00.000Z',
    });
    const second = await admin.get(`/api/activity?user=${person.id}&page=2`);
    expect(second.body).toMatchObject({ current_page: 2, last_page: 2 });
    expect(second.body.data.map((e: { item_label: string }) => e.item_label)).toEqual([
      'Item 5',
      'Item 4',
      'Item 3',
      'Item 2',
      'Item 1',
      'Item 0',
    ]);
    const kind = await admin.get(`/api/activity?user=${person.id}&kind=shop-changed`);
    expect(kind.body.total).toBe(1);
    const people = await admin.get('/api/activity/people');
    expect(people.body).toContainEqual({ id: person.id, name: '=SUM(1+1) Formula' });
  });

  it('filters by days in the shop’s time zone, both ends included', async () => {
    const jan = await admin.get(`/api/activity?user=${person.id}&from=2026-01-10&to=2026-01-12`);
    expect(jan.body.data.map((e: { item_label: string }) => e.item_label)).toEqual(['Item 11', 'Item 10', 'Item 9']);
    // 23:30 UTC on 30 June is 1 July at the shop (Europe/London, summer time).
    expect((await admin.get(`/api/activity?user=${person.id}&from=2026-07-01&to=2026-07-01`)).body.total).toBe(1);
    expect((await admin.get(`/api/activity?user=${person.id}&from=2026-06-30&to=2026-06-30`)).body.total).toBe(0);
  });

  it('answers 422 per field for bad filters', async () => {
    const bad = await admin.get('/api/activity?kind=nonsense&from=2026-13-01&page=0');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'kind', 'page']);
    const reversed = await admin.get('/api/activity?from=2026-02-01&to=2026-01-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to: ['The to date must be on or after the from date.'] });
    expect((await admin.get('/api/activity?user=abc')).body.errors.user).toBeDefined();
  });

  it('downloads the filtered entries as CSV, no-store, with formula cells defused', async () => {
    const res = await admin.get(`/api/activity.csv?user=${person.id}&from=2026-01-01&to=2026-01-02`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('When,When (ISO 8601),Who,User id,Address,Kind,What,Item type,Item id,Version id,Details,Link');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"2 January 2026, 12:00",2026-01-02T12:00:00.000Z');
    expect(lines[1]).toContain(`'=SUM(1+1) Formula`);
    expect(lines[1]).toContain('Content saved: testimonial “Item 1”');
    expect((await admin.get('/api/activity.csv?kind=nope')).status).toBe(422);
  });

  it('guards every formula-looking cell', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', 'plain', null].map(safeCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\t=1",
      'plain',
      '',
    ]);
  });
  it('defuses a formula a spreadsheet splitting on another separator would find inside a cell', () => {
    expect(
      [
        'Bob;=HYPERLINK("http://x")',
        'a,+1',
        'a|@SUM(A1)',
        'line\n-2+3',
        'x\t=1',
        ' =1',
        '"=1',
        'a; "=1',
        '\uFF1D1+1',
        'a - b',
        'me@example.test',
      ].map(safeCell),
    ).toEqual([
      `Bob;'=HYPERLINK("http://x")`,
      "a,'+1",
      "a|'@SUM(A1)",
      "line\n'-2+3",
      "x\t'=1",
      " '=1",
      `"'=1`,
      `a; "'=1`,
      "'\uFF1D1+1",
      'a - b',
      'me@example.test',
    ]);
  });
});

describe('retention', () => {
  it('prunes entries older than ACTIVITY_KEEP_DAYS and keeps the rest', async () => {
    await recordActivity(t.deps.db, { actor: SYSTEM_ACTOR, kind: 'backup-made', item: { type: 'backup', label: 'old.tar.gz' } });
    await recordActivity(t.deps.db, { actor: SYSTEM_ACTOR, kind: 'backup-made', item: { type: 'backup', label: 'recent.tar.gz' } });
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
    await t.deps.db
      .updateTable('activity_entries')
      .set({ created_at: days(731) })
      .where('item_label', '=', 'old.tar.gz')
      .execute();
    await t.deps.db
      .updateTable('activity_entries')
      .set({ created_at: days(729) })
      .where('item_label', '=', 'recent.tar.gz')
      .execute();
    expect(t.config.activityKeepDays).toBe(730);
    expect(await pruneActivity(t.deps, now)).toBeGreaterThanOrEqual(1);
    const labels = (await entries('backup-made')).map((e) => e.item_label);
    expect(labels).toContain('recent.tar.gz');
    expect(labels).not.toContain('old.tar.gz');
  });
});

describe('admins only, on both doors; no way to edit or delete an entry', () => {
  it('401 for a visitor, 403 for a user, on REST and tRPC', async () => {
    const visitor = new TestClient(t.app);
    for (const url of ['/api/activity', '/api/activity/people', '/api/activity.csv']) {
      expect((await visitor.get(url)).status, url).toBe(401);
    }
    const { client, user } = await clientAs(t);
    for (const url of ['/api/activity', '/api/activity/people', '/api/activity.csv']) {
      expect((await client.get(url)).status, url).toBe(403);
    }
    const anonymous = await callerFor(t);
    await expect(anonymous.activity.list({})).rejects.toSatisfy((e) => appErrorOf(e).code === 'UNAUTHENTICATED');
    const member = await callerFor(t, user.id);
    await expect(member.activity.csv({})).rejects.toSatisfy((e) => appErrorOf(e).code === 'FORBIDDEN');
  });

  it('has no update or delete procedure, and no REST path that changes an entry', async () => {
    const { client } = await adminClient(t);
    expect(
      Object.keys(appRouter._def.procedures)
        .filter((p) => p.startsWith('activity.'))
        .sort(),
    ).toEqual(['activity.csv', 'activity.list', 'activity.people']);
    const any = await t.deps.db.selectFrom('activity_entries').select('id').executeTakeFirstOrThrow();
    expect((await client.delete(`/api/activity/${any.id}`)).status).toBe(404);
    expect((await client.post(`/api/activity/${any.id}`, { json: {} })).status).toBe(404);
    expect(await t.deps.db.selectFrom('activity_entries').select('id').where('id', '=', any.id).executeTakeFirst()).toEqual(any);
  });
});
