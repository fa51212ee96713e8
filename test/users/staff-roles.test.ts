/**
 * Staff roles (docs/decisions/staff-roles.md) through the REST door and tRPC: a technician's repair
 * answers carry no customer e-mail or telephone, an estimator cannot export everyone, an editor
 * cannot open a quote, only an owner sets a staff role, and a change ends the person's sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { callerFor } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { appErrorOf } from '#server/trpc.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let jobId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({
    client: owner,
    user: { id: ownerId },
  } = await adminClient(t));
  const res = await owner.post('/api/repair-jobs', {
    json: {
      customer_name: 'Sam Walker',
      customer_email: 'sam@example.com',
      customer_telephone: '07700 900456',
      vehicle: 'VW Golf 2020',
      registration: 'GF20 XYZ',
      agreed_work: 'Replace the front bumper.',
      promised_ready_on: '2026-12-10',
    },
  });
  expect(res.status).toBe(201);
  jobId = res.body.id;
});
afterAll(async () => {
  await t?.close();
});

const codeOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 'allowed';
  } catch (error) {
    return appErrorOf(error).code;
  }
};

describe('a technician', () => {
  it('works the board and the job page, whose answers carry the customer’s first name and no e-mail or telephone', async () => {
    const { client, user } = await clientAs(t, { staff_role: 'technician' });
    const board = await client.get('/api/repair-jobs');
    expect(board.status).toBe(200);
    expect(JSON.stringify(board.body)).not.toMatch(/sam@example\.com|07700 900456|customer_email|customer_telephone/);
    const job = await client.get(`/api/repair-jobs/${jobId}`);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ id: jobId, vehicle: 'VW Golf 2020', customer_name: 'Sam' });
    expect(JSON.stringify(board.body)).not.toContain('Walker');
    expect(job.body).not.toHaveProperty('customer_email');
    expect(job.body).not.toHaveProperty('customer_telephone');
    const note = await client.post(`/api/repair-jobs/${jobId}/notes`, { json: { body: 'Bumper off.' } });
    expect(note.status).toBe(200);
    expect(note.body).not.toHaveProperty('customer_email');
    // The same through tRPC.
    const caller = await callerFor(t, user.id);
    const detail = await caller.repairJobs.admin.get({ id: jobId });
    expect(detail).not.toHaveProperty('customer_email');
    expect(detail).not.toHaveProperty('customer_telephone');
    // The owner still gets them.
    expect((await owner.get(`/api/repair-jobs/${jobId}`)).body).toMatchObject({
      customer_name: 'Sam Walker',
      customer_email: 'sam@example.com',
      customer_telephone: '07700 900456',
    });
  });

  it('cannot open a job, quotes, customers or exports', async () => {
    const { client } = await clientAs(t, { staff_role: 'technician' });
    expect((await client.post('/api/repair-jobs', { json: {} })).status).toBe(403);
    expect((await client.get('/api/quote-requests')).status).toBe(403);
    expect((await client.get('/api/users')).status).toBe(403);
    expect((await client.get('/api/activity.csv')).status).toBe(403);
  });
});

describe('an estimator', () => {
  it('reads quotes and customers but cannot export everyone, edit users or the site', async () => {
    const { client } = await clientAs(t, { staff_role: 'estimator' });
    expect((await client.get('/api/quote-requests')).status).toBe(200);
    expect((await client.get('/api/users')).status).toBe(200);
    expect((await client.get(`/api/repair-jobs/${jobId}`)).body).toMatchObject({ customer_email: 'sam@example.com' });
    expect((await client.get('/api/activity.csv')).status).toBe(403);
    expect((await client.post('/api/widgets', { json: {} })).status).toBe(403);
    expect((await client.put('/api/users/1/staff-role', { json: { staff_role: 'estimator' } })).status).toBe(403);
  });
});

describe('an editor', () => {
  it('cannot open a quote, but edits the site', async () => {
    const { client, user } = await clientAs(t, { staff_role: 'editor' });
    const quote = await insertQuoteRequest(t.deps.db, {});
    expect((await client.get(`/api/quote-requests/${quote.id}`)).status).toBe(403);
    expect(await codeOf((await callerFor(t, user.id)).quotes.admin.get({ id: quote.id }))).toBe('FORBIDDEN');
    expect((await client.get('/api/widgets')).status).toBe(200);
    expect((await client.get('/api/repair-jobs')).status).toBe(403);
  });
});

describe('setting a staff role', () => {
  it("only an owner may, and it ends the person's sessions and is logged with who did it", async () => {
    const { client: person, user } = await clientAs(t);
    expect((await person.get('/api/repair-jobs')).status).toBe(403);
    // A customer cannot give themselves one.
    expect((await person.put(`/api/users/${user.id}/staff-role`, { json: { staff_role: 'technician' } })).status).toBe(403);
    const set = await owner.put(`/api/users/${user.id}/staff-role`, { json: { staff_role: 'technician' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: user.id, staff_role: 'technician' });
    expect((await person.get('/api/repair-jobs')).status).toBe(401);
    const entry = await t.deps.db
      .selectFrom('activity_entries')
      .selectAll()
      .where('item_id', '=', user.id)
      .where('kind', '=', 'user-role-changed')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_user_id: ownerId, details: 'staff role none → technician' });
  });

  it("the user form reads a person's staff role back after the owner saves it (tRPC only)", async () => {
    const { user } = await clientAs(t);
    const ownerCaller = await callerFor(t, ownerId);
    expect(await ownerCaller.users.staffRole({ id: user.id })).toEqual({ id: user.id, staff_role: null });
    await ownerCaller.users.setStaffRole({ id: user.id, staff_role: 'editor' });
    expect(await ownerCaller.users.staffRole({ id: user.id })).toEqual({ id: user.id, staff_role: 'editor' });
    expect(await codeOf((await callerFor(t, user.id)).users.staffRole({ id: user.id }))).toBe('FORBIDDEN');
  });

  it('an owner has every permission: their staff role is refused', async () => {
    const res = await owner.put(`/api/users/${ownerId}/staff-role`, { json: { staff_role: 'editor' } });
    expect(res.status).toBe(422);
  });

  it('a role change ends the sessions too', async () => {
    const { client: person, user } = await clientAs(t, { role: 'admin' });
    const res = await owner.patch(`/api/users/${user.id}`, {
      json: { firstname: user.firstname, lastname: user.lastname, email: user.email, role: 'user' },
    });
    expect(res.status).toBe(200);
    expect((await person.get('/api/users')).status).toBe(401);
  });

  it('removing a member of staff ends their sessions and is logged with who did it', async () => {
    const { client: person, user } = await clientAs(t, { staff_role: 'estimator' });
    expect((await person.get('/api/quote-requests')).status).toBe(200);
    expect((await owner.delete(`/api/users/${user.id}`)).status).toBe(200);
    expect((await person.get('/api/quote-requests')).status).toBe(401);
    const entry = await t.deps.db
      .selectFrom('activity_entries')
      .selectAll()
      .where('item_id', '=', user.id)
      .where('kind', '=', 'user-deleted')
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(ownerId);
  });

  it('the last owner cannot remove themselves', async () => {
    const solo = await createTestApp();
    try {
      const { client, user } = await adminClient(solo);
      expect((await client.delete(`/api/users/${user.id}`)).status).toBe(422);
      expect((await client.get(`/api/users/${user.id}`)).status).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('the last owner cannot downgrade their own role', async () => {
    const solo = await createTestApp();
    try {
      const { client, user } = await adminClient(solo);
      const res = await client.patch(`/api/users/${user.id}`, {
        json: { firstname: user.firstname, lastname: user.lastname, email: user.email, role: 'user' },
      });
      expect(res.status).toBe(422);
    } finally {
      await solo.close();
    }
  });
});
