/**
 * Staff invitations (docs/decisions/staff-roles.md, "Invitations"): an owner invites, the delivered
 * mail's link opens the accept step, accepting makes a verified account with the staff role and
 * signs the person in; a used, expired or revoked link is refused, a non-owner cannot invite, and
 * an address that already has an account is refused on its e-mail field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createAdmin, createUser } from '#test/support/factories.ts';
import { mailsTo } from '#test/support/mail.ts';
import { appErrorOf } from '#server/trpc.ts';
import { INVITATION_HAS_ACCOUNT_MESSAGE, INVITATION_LINK_MESSAGE } from '#server/users/staff-invitations.service.ts';

const PASSWORD = 'a long new staff password';
let t: TestApp;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createAdmin(t.deps.db)).id;
});
afterAll(async () => {
  await t?.close();
});

const errorOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return appErrorOf(error);
  }
  throw new Error('expected a refusal');
};

async function invite(email: string, staffRole: 'estimator' | 'technician' | 'editor' = 'estimator') {
  const owner = await callerFor(t, ownerId);
  const invitation = await owner.users.invite({ email, name: 'Robin Fairweather Jones', staff_role: staffRole });
  const mail = (await mailsTo(t.deps.mailer.outboxDir!, email)).at(-1)!;
  const link = mail.links.find((l) => l.includes('/accept-invitation/'))!;
  return { invitation, mail, token: new URL(link).pathname.split('/')[2]! };
}

async function accept(token: string) {
  const client = new TestClient(t.app);
  await client.csrf();
  const res = await client.post('/trpc/users.acceptInvitation', { json: { token, password: PASSWORD, password_confirmation: PASSWORD } });
  return { client, res };
}

describe('a staff invitation', () => {
  it('is mailed, read by its link, and accepted into a verified, signed-in account with the staff role', async () => {
    const { invitation, mail, token } = await invite('robin@example.com', 'technician');
    expect(mail.subject).not.toContain(token);
    expect(mail.text).toContain('a technician');
    const guest = await callerFor(t);
    expect(await guest.users.invitation({ token })).toEqual({
      state: 'open',
      name: 'Robin Fairweather Jones',
      email: 'robin@example.com',
      staff_role: 'technician',
      invited_by: expect.any(String),
    });
    const owner = await callerFor(t, ownerId);
    expect((await owner.users.invitations({})).data.map((i) => i.id)).toContain(invitation.id);

    const { client, res } = await accept(token);
    expect(res.status).toBe(200);
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'robin@example.com', firstname: 'Robin', lastname: 'Fairweather Jones' });
    const row = await t.deps.db
      .selectFrom('users')
      .select(['role', 'staff_role', 'email_verified_at'])
      .where('email', '=', 'robin@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'user', staff_role: 'technician' });
    expect(row.email_verified_at).not.toBeNull();
    expect((await owner.users.invitations({})).data.map((i) => i.id)).not.toContain(invitation.id);

    // Used: the same link neither reads as open nor makes a second account.
    expect(await guest.users.invitation({ token })).toEqual({ state: 'used' });
    const again = await accept(token);
    expect(again.res.status).toBe(422);
    const kinds = await t.deps.db
      .selectFrom('activity_entries')
      .select('kind')
      .where('kind', 'in', ['staff-invited', 'staff-invitation-accepted'])
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['staff-invited', 'staff-invitation-accepted']));
  });

  it('refuses an expired link', async () => {
    const { invitation, token } = await invite('late@example.com');
    await t.deps.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
    const guest = await callerFor(t);
    expect(await guest.users.invitation({ token })).toEqual({ state: 'expired' });
    const error = await errorOf(guest.users.acceptInvitation({ token, password: PASSWORD, password_confirmation: PASSWORD }));
    expect(error.fieldErrors?.token).toEqual([INVITATION_LINK_MESSAGE]);
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'late@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a revoked link, and a re-invite kills the link mailed before', async () => {
    const first = await invite('twice@example.com');
    const second = await invite('twice@example.com', 'editor');
    expect(second.invitation.id).toBe(first.invitation.id);
    expect(second.token).not.toBe(first.token);
    const guest = await callerFor(t);
    expect(await guest.users.invitation({ token: first.token })).toEqual({ state: 'used' });

    const owner = await callerFor(t, ownerId);
    await owner.users.revokeInvitation({ id: second.invitation.id });
    expect(await guest.users.invitation({ token: second.token })).toEqual({ state: 'used' });
    const { res } = await accept(second.token);
    expect(res.status).toBe(422);
    expect((await errorOf(owner.users.revokeInvitation({ id: second.invitation.id }))).code).toBe('NOT_FOUND');
  });

  it('may be sent by an owner only', async () => {
    const editor = await createUser(t.deps.db, { staff_role: 'editor' });
    const caller = await callerFor(t, editor.id);
    const error = await errorOf(caller.users.invite({ email: 'nope@example.com', name: 'No One', staff_role: 'editor' }));
    expect(error.code).toBe('FORBIDDEN');
    const guest = await callerFor(t);
    expect((await errorOf(guest.users.invitations({}))).code).toBe('UNAUTHENTICATED');
  });

  it('is refused, on its e-mail field, for an address that already has an account', async () => {
    const customer = await createUser(t.deps.db, { email: 'customer@example.com' });
    const owner = await callerFor(t, ownerId);
    const error = await errorOf(owner.users.invite({ email: 'Customer@Example.com', name: 'A Customer', staff_role: 'editor' }));
    expect(error.fieldErrors?.email).toEqual([INVITATION_HAS_ACCOUNT_MESSAGE]);
    expect(customer.id).toBeGreaterThan(0);
    expect(
      await t.deps.db.selectFrom('staff_invitations').select('id').where('email', '=', 'customer@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });
});
