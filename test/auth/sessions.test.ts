import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findValidSession, IDLE_LIFETIME_MS, sessionIdOf } from '#server/auth/sessions.ts';
import { deleteExpiredSessions } from '#server/auth/sessions.repository.ts';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, createUser } from '#test/support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sessionRow = (token: string) => t.deps.db.selectFrom('sessions').selectAll().where('id', '=', sessionIdOf(token)).executeTakeFirst();

describe('server-side sessions', () => {
  it('stores only the SHA-256 of the cookie token', async () => {
    const user = await createUser(t.deps.db);
    const token = await actingAs(t, new TestClient(t.app), user.id);
    const row = await sessionRow(token);
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toBe(token);
  });

  it('refuses an expired session and deletes its row', async () => {
    const user = await createUser(t.deps.db);
    const client = new TestClient(t.app);
    const token = await actingAs(t, client, user.id);
    expect((await client.get('/api/user')).status).toBe(200);
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionIdOf(token))
      .execute();
    const res = await client.get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('slides the idle window forward on use', async () => {
    const user = await createUser(t.deps.db);
    const token = await actingAs(t, new TestClient(t.app), user.id);
    const longAgo = new Date(Date.now() - 30 * 60 * 1000);
    await t.deps.db
      .updateTable('sessions')
      .set({ last_seen_at: longAgo, expires_at: new Date(longAgo.getTime() + IDLE_LIFETIME_MS) })
      .where('id', '=', sessionIdOf(token))
      .execute();
    const found = await findValidSession(t.deps.db, token);
    expect(found?.user?.id).toBe(user.id);
    const row = await sessionRow(token);
    expect(row!.expires_at.getTime() - Date.now()).toBeGreaterThan(IDLE_LIFETIME_MS - 60_000);
  });

  it('sweeps expired sessions and keeps live ones', async () => {
    const user = await createUser(t.deps.db);
    const live = await actingAs(t, new TestClient(t.app), user.id);
    const dead = await actingAs(t, new TestClient(t.app), user.id);
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionIdOf(dead))
      .execute();
    expect(await deleteExpiredSessions(t.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(dead)).toBeUndefined();
    expect(await sessionRow(live)).toBeDefined();
  });
});
