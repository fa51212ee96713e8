/**
 * Staff invitations (docs/decisions/staff-roles.md, "Invitations"): an owner invites a member of
 * staff by e-mail; the link (invitation-links.ts) lets them choose a password, which makes a
 * verified account with the staff role and signs them in. Single use, 7 days, revocable; an
 * address that already has an account is refused (a role change is made on the user form instead).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from '#server/auth/session-grant.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { actorFromMeta, type Actor } from '#server/activity/actor.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { messages } from '#shared/validation.ts';
import type {
  InvitationAcceptInput,
  InvitationAnswer,
  InvitationCreateInput,
  InvitationLookup,
} from '#shared/schemas/staff-invitations.ts';
import { createAccount } from './create-account.ts';
import * as users from './users.repository.ts';
import * as repo from './staff-invitations.repository.ts';
import { invitationToken, invitationTokenHash, newInvitationSalt } from './invitation-links.ts';
import type { StaffInvitationRow } from './staff-invitations.table.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config' | 'jobs'>;

export const INVITATION_DAYS = 7;
export const INVITATIONS_PAGE_SIZE = 25;
export const INVITATION_HAS_ACCOUNT_MESSAGE = 'This address already has an account: give it a staff role on its user form instead.';
export const INVITATION_LINK_MESSAGE = 'This invitation link has expired or has been used. Ask the shop for a new one.';

/** Per token and per address: the token is 43 random characters, so this only slows a flood. */
export function acceptLimits(tokenHash: string, ip: string | null) {
  return [
    { key: `invitation-accept:${tokenHash}`, limit: 10, windowSeconds: 60 * 60 },
    { key: `invitation-accept-ip:${ip ?? ''}`, limit: 30, windowSeconds: 60 * 60 },
  ];
}

const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

function present(row: Pick<StaffInvitationRow, 'id' | 'email' | 'name' | 'staff_role' | 'created_at' | 'expires_at'>): InvitationAnswer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    staff_role: row.staff_role,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/** Invites, or re-invites an address already invited (a new salt kills the link mailed before). */
export async function inviteStaff(deps: Deps, input: InvitationCreateInput, actor: Actor & { userId: number }): Promise<InvitationAnswer> {
  if (await users.isEmailTaken(deps.db, input.email)) throw AppError.field('email', INVITATION_HAS_ACCOUNT_MESSAGE);
  const now = new Date();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const salt = newInvitationSalt();
      const values = {
        name: input.name,
        staff_role: input.staff_role,
        token_salt: salt,
        invited_by: actor.userId,
        expires_at: expiryFrom(now),
      };
      const existing = await repo.findOpenInvitationByEmail(trx, input.email);
      const id = existing ? existing.id : await repo.insertInvitation(trx, { ...values, email: input.email });
      const tokenHash = invitationTokenHash(invitationToken(deps.config.appKey, id, salt));
      if (existing) await repo.renewInvitation(trx, id, { ...values, token_hash: tokenHash });
      else await repo.setInvitationToken(trx, id, tokenHash);
      await recordActivity(trx, { actor, kind: 'staff-invited', item: { type: 'user', label: input.email }, details: input.staff_role });
      await queueMail(deps, trx, { kind: 'staff-invitation', to: input.email, params: { invitationId: id } });
      const row = await repo.findInvitation(trx, id);
      if (!row) throw AppError.internal();
      return present(row);
    });
  } catch (error) {
    // Two invitations to one address at once: the open-invitation index let one through.
    if (isUniqueViolation(error)) throw AppError.field('email', messages.taken('email'));
    throw error;
  }
}

export async function listInvitations(deps: Pick<AppDeps, 'db'>, page = 1) {
  const rows = await repo.findOpenInvitationPage(deps.db, INVITATIONS_PAGE_SIZE, (page - 1) * INVITATIONS_PAGE_SIZE);
  return {
    data: rows.slice(0, INVITATIONS_PAGE_SIZE).map(present),
    meta: { current_page: page, per_page: INVITATIONS_PAGE_SIZE, has_more: rows.length > INVITATIONS_PAGE_SIZE },
  };
}

export async function revokeInvitation(deps: Pick<AppDeps, 'db'>, id: number, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findInvitation(trx, id);
    if (!row || !(await repo.revokeInvitation(trx, id))) throw AppError.notFound();
    await recordActivity(trx, { actor, kind: 'staff-invitation-revoked', item: { type: 'user', label: row.email } });
  });
}

export function isOpen(row: StaffInvitationRow, now: Date): boolean {
  return !row.accepted_at && !row.revoked_at && new Date(row.expires_at) > now;
}

/** What the accept screen shows; an unknown token reads as used, so a guess learns nothing. */
export async function readInvitation(
  deps: Pick<AppDeps, 'db' | 'rateLimiter'>,
  token: string,
  ip: string | null,
): Promise<InvitationLookup> {
  await throttle(deps.rateLimiter, { key: `invitation-read-ip:${ip ?? ''}`, limit: 60, windowSeconds: 60 * 60 });
  const row = await repo.findInvitationByTokenHash(deps.db, invitationTokenHash(token));
  if (!row || row.accepted_at || row.revoked_at) return { state: 'used' as const };
  if (!isOpen(row, new Date())) return { state: 'expired' as const };
  const inviter = row.invited_by === null ? '' : ((await users.listUserNames(deps.db, [row.invited_by])).get(row.invited_by) ?? '');
  return { state: 'open' as const, name: row.name, email: row.email, staff_role: row.staff_role, invited_by: inviter };
}

export function splitName(name: string): { firstname: string; lastname: string } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstname: first, lastname: rest.join(' ') };
}

/** Makes the account (verified, with the staff role), marks the invitation used and signs the person in. */
export async function acceptInvitation(
  deps: Deps & Pick<AppDeps, 'rateLimiter'>,
  input: InvitationAcceptInput,
  current: CurrentSession,
): Promise<SessionGrant> {
  const tokenHash = invitationTokenHash(input.token);
  await throttle(deps.rateLimiter, acceptLimits(tokenHash, current.meta.ipAddress));
  const row = await repo.findInvitationByTokenHash(deps.db, tokenHash);
  if (!row || !isOpen(row, new Date())) throw AppError.field('token', INVITATION_LINK_MESSAGE);
  if (await users.isEmailTaken(deps.db, row.email)) throw AppError.field('email', INVITATION_HAS_ACCOUNT_MESSAGE);
  const userId = await createAccount(
    deps,
    { ...splitName(row.name), email: row.email, role: 'user', password: input.password, verified: true },
    async (trx, id) => {
      // Another request used the link first, or it lapsed meanwhile: the account goes with the transaction.
      if (!(await repo.markInvitationAccepted(trx, row.id))) throw AppError.field('token', INVITATION_LINK_MESSAGE);
      await users.updateUser(trx, id, { staff_role: row.staff_role });
      await recordActivity(trx, {
        actor: actorFromMeta(id, current.meta),
        kind: 'staff-invitation-accepted',
        item: { type: 'user', id, label: row.email },
        details: row.staff_role,
      });
    },
  );
  // They chose the password in this very request: the passkey offered next need not ask for it again.
  const token = await rotateSession(deps, current, { userId, remember: false, passwordConfirmedAt: new Date() });
  return { token, remember: false };
}
