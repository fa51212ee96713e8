/**
 * Staff invitations through the REST door, called as a REST client would (docs/rest-contract.md
 * "Users"): an owner invites, lists the pending ones a page at a time and revokes; a 422 carries
 * field errors, an unknown id is a 404, a non-owner is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { mailsTo } from '#test/support/mail.ts';
import { callerFor } from '#test/support/factories.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({
    client: owner,
    user: { id: ownerId },
  } = await adminClient(t));
});
afterAll(async () => {
  await t?.close();
});

describe('REST /api/users/invitations', () => {
  it('invites with 201, mails the link, lists the pending one and revokes it', async () => {
    const res = await owner.post('/api/users/invitations', {
      json: { email: 'Estimator@Example.com', name: 'Alex Morgan', staff_role: 'estimator' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'estimator@example.com', name: 'Alex Morgan', staff_role: 'estimator' });
    const id = res.body.id as number;
    const days = (Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const mail = (await mailsTo(t.deps.mailer.outboxDir!, 'estimator@example.com')).at(-1)!;
    const link = mail.links.find((l) => l.includes('/accept-invitation/'))!;
    const token = new URL(link).pathname.split('/')[2]!;

    const list = await owner.get('/api/users/invitations');
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ current_page: 1, per_page: 25, has_more: false });
    expect(list.body.data.map((i: { id: number }) => i.id)).toContain(id);
    expect((await owner.get('/api/users/invitations?page=2')).body.data).toEqual([]);

    const revoked = await owner.delete(`/api/users/invitations/${id}`);
    expect(revoked.status).toBe(200);
    expect((await owner.get('/api/users/invitations')).body.data.map((i: { id: number }) => i.id)).not.toContain(id);
    expect(await (await callerFor(t)).users.invitation({ token })).toEqual({ state: 'used' });
    const entry = await t.deps.db
      .selectFrom('activity_entries')
      .select(['actor_user_id', 'kind'])
      .where('kind', '=', 'staff-invitation-revoked')
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(ownerId);

    expect((await owner.delete(`/api/users/invitations/${id}`)).status).toBe(404);
    expect((await owner.delete('/api/users/invitations/999999')).status).toBe(404);
  });

  it('answers 422 with the field errors', async () => {
    const res = await owner.post('/api/users/invitations', { json: { email: 'not an address', name: '', staff_role: 'owner' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'name', 'staff_role']);
    expect((await owner.get('/api/users/invitations?page=0')).status).toBe(422);
  });

  it('refuses anyone but an owner', async () => {
    const { client: estimator } = await clientAs(t, { staff_role: 'estimator' });
    expect((await estimator.get('/api/users/invitations')).status).toBe(403);
    expect(
      (await estimator.post('/api/users/invitations', { json: { email: 'x@example.com', name: 'X', staff_role: 'editor' } })).status,
    ).toBe(403);
    expect((await estimator.delete('/api/users/invitations/1')).status).toBe(403);
  });
});
