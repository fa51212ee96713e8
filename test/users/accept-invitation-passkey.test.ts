/**
 * An invited member of staff sets up a passkey instead of a password (docs/decisions/staff-roles.md,
 * "Invitations"): the options come only for an open invitation, the registration is verified for
 * real (@simplewebauthn/server), the account with its staff role and passkey is made and signed in,
 * the link is used up, and the passkey then signs them in; a password they never chose does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createAdmin } from '#test/support/factories.ts';
import { mailsTo } from '#test/support/mail.ts';
import { softwarePasskey } from '#test/support/webauthn.ts';
import { INVITATION_LINK_MESSAGE } from '#server/users/staff-invitations.service.ts';
import { PASSKEY_NOT_ADDED_MESSAGE } from '#shared/schemas/passkeys.ts';

let t: TestApp;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createAdmin(t.deps.db)).id;
});
afterAll(async () => {
  await t?.close();
});

async function invite(email: string) {
  const owner = await callerFor(t, ownerId);
  await owner.users.invite({ email, name: 'Sam Passkey', staff_role: 'editor' });
  const mail = (await mailsTo(t.deps.mailer.outboxDir!, email)).at(-1)!;
  return new URL(mail.links.find((l) => l.includes('/accept-invitation/'))!).pathname.split('/')[2]!;
}

async function guest() {
  const client = new TestClient(t.app);
  await client.csrf();
  return client;
}

async function optionsFor(client: TestClient, token: string) {
  const res = await client.post('/trpc/users.invitationPasskeyOptions', { json: { token } });
  return res;
}

describe('accepting a staff invitation with a passkey', () => {
  it('makes the signed-in account with the staff role and the passkey, uses up the link, and the passkey signs in', async () => {
    const token = await invite('sam@example.com');
    const client = await guest();
    const options = await optionsFor(client, token);
    expect(options.status).toBe(200);
    const challenge = options.body.result.data.options.challenge as string;
    expect(options.body.result.data.options.user.name).toBe('sam@example.com');
    const passkey = softwarePasskey();
    const res = await client.post('/trpc/users.acceptInvitationWithPasskey', {
      json: { token, response: passkey.registration(challenge) },
    });
    expect(res.status).toBe(200);

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'sam@example.com', firstname: 'Sam' });
    const row = await t.deps.db
      .selectFrom('users')
      .select(['id', 'staff_role', 'email_verified_at'])
      .where('email', '=', 'sam@example.com')
      .executeTakeFirstOrThrow();
    expect(row.staff_role).toBe('editor');
    expect(row.email_verified_at).not.toBeNull();
    const keys = await t.deps.db.selectFrom('passkeys').select(['credential_id']).where('user_id', '=', row.id).execute();
    expect(keys).toEqual([{ credential_id: passkey.credentialId }]);
    const activity = await t.deps.db
      .selectFrom('activity_entries')
      .select(['kind', 'details'])
      .where('kind', '=', 'staff-invitation-accepted')
      .execute();
    expect(activity).toContainEqual({ kind: 'staff-invitation-accepted', details: 'editor, with a passkey' });

    // The link is used up, for a passkey and for a password alike.
    const again = await optionsFor(await guest(), token);
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain(INVITATION_LINK_MESSAGE);

    // A new browser signs in with the passkey.
    const other = await guest();
    const loginOptions = await other.post('/api/passkeys/login/options', { json: {} });
    expect(loginOptions.status).toBe(200);
    const signedIn = await other.post('/api/passkeys/login', {
      json: { response: passkey.assertion(loginOptions.body.options.challenge as string), remember: false },
    });
    expect(signedIn.status).toBe(204);
    expect((await other.get('/api/user')).body.data.email).toBe('sam@example.com');
  });

  it('refuses a response to a challenge it did not make, and keeps the invitation open', async () => {
    const token = await invite('kit@example.com');
    const client = await guest();
    const res = await client.post('/trpc/users.acceptInvitationWithPasskey', {
      json: { token, response: softwarePasskey().registration('not-a-challenge-we-made') },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain(PASSKEY_NOT_ADDED_MESSAGE);
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'kit@example.com').executeTakeFirst()).toBeUndefined();
    expect((await optionsFor(client, token)).status).toBe(200);
  });

  it('gives no options for an unknown or revoked link', async () => {
    const unknown = await optionsFor(await guest(), 'x'.repeat(43));
    expect(unknown.status).toBe(422);
    const token = await invite('lee@example.com');
    const owner = await callerFor(t, ownerId);
    const pending = (await owner.users.invitations({})).data.find((i) => i.email === 'lee@example.com')!;
    await owner.users.revokeInvitation({ id: pending.id });
    const revoked = await optionsFor(await guest(), token);
    expect(revoked.status).toBe(422);
    expect(JSON.stringify(revoked.body)).toContain(INVITATION_LINK_MESSAGE);
  });
});
