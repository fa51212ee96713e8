/**
 * The admin's management of accounts. The rules: unique e-mail (any case), the last admin keeps
 * the role, an admin cannot delete their own account, a deleted user's sessions and CV go too.
 */
import type { Readable } from 'node:stream';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { BREACHED_PASSWORD_MESSAGE, isPasswordBreached } from '#server/auth/breached-passwords.ts';
import { deleteOtherSessions } from '#server/auth/sessions.ts';
import type { User, UserPage } from '#shared/schemas/user.ts';
import type { StaffRoleAnswer, StaffRoleInput, UserCreateInput, UserListInput, UserUpdateInput } from '#shared/schemas/users-admin.ts';
import { USERS_PAGE_SIZE } from '#shared/limits.ts';
import { messages } from '#shared/validation.ts';
import { LAST_ADMIN_SELF_DELETE_MESSAGE } from '#shared/schemas/account.ts';
import { presentUser } from './user-presenter.ts';
import { createAccount } from './create-account.ts';
import * as repo from './users.repository.ts';
import { hasCvDownloadSince, recordCvDownload } from './cv-downloads.repository.ts';
import { createCvLink, type CvLink } from './cv-links.ts';
import { cvFileName } from '#server/files/cv.ts';
import { anonymiseForUser as anonymiseQuoteRequestsOfUser } from '#server/quotes/quote-requests.repository.ts';
import { forgetBookingsOfUser } from '#server/bookings/booking-account.service.ts';
import { anonymiseRepairJobsOfUser } from '#server/repair-jobs/repair-jobs.service.ts';
import { forgetActivityPerson, recordActivity } from '#server/activity/record-activity.ts';
import { type Actor } from '#server/activity/actor.ts';
import { DELETED_USER_LABEL } from '#server/activity/activity-entries.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

const emailTaken = () => AppError.field('email', messages.taken('email'));
const LAST_ADMIN_MESSAGE = 'The last admin cannot lose the admin role.';
const DELETE_SELF_MESSAGE = 'You cannot delete your own account.';

export async function listUsers(deps: Deps, input: UserListInput): Promise<UserPage> {
  const page = input.page ?? 1;
  const { rows, total } = await repo.findUserPage(deps.db, input.search || undefined, USERS_PAGE_SIZE, (page - 1) * USERS_PAGE_SIZE);
  return {
    data: rows.map(presentUser),
    total,
    per_page: USERS_PAGE_SIZE,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
  };
}

export async function getUser(deps: Deps, id: number): Promise<User> {
  const row = await repo.findPresentableUser(deps.db, id);
  if (!row) throw AppError.notFound();
  return presentUser(row);
}

/** An account an admin creates is taken as verified: the admin vouches for the address. */
export async function createUser(deps: Deps, input: UserCreateInput, actor: Actor): Promise<User> {
  const id = await createAccount(deps, { ...input, verified: true }, async (trx, userId) => {
    await recordActivity(trx, {
      actor,
      kind: 'user-created',
      item: { type: 'user', id: userId, label: input.email },
      details: `role ${input.role}`,
    });
  });
  return getUser(deps, id);
}

/**
 * Updates an account. A new password ends the user's sessions (all but the acting admin's own,
 * when admins edit themselves), as a password change does everywhere else.
 */
export async function updateUser(
  deps: Deps,
  input: UserUpdateInput,
  actor: Actor & { userId: number; sessionToken: string | null },
): Promise<User> {
  if (input.password && (await isPasswordBreached(deps, input.password))) throw AppError.field('password', BREACHED_PASSWORD_MESSAGE);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const existing = await repo.lockUser(trx, input.id);
      if (!existing) throw AppError.notFound();
      if (await repo.isEmailTaken(trx, input.email, input.id)) throw emailTaken();
      if (existing.role === 'admin' && input.role !== 'admin') {
        const admins = await repo.lockAdmins(trx);
        if (admins.filter((id) => id !== input.id).length === 0) throw AppError.field('role', LAST_ADMIN_MESSAGE);
      }
      await repo.updateUser(trx, input.id, {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        role: input.role,
        ...(input.telephone !== undefined ? { telephone: input.telephone } : {}),
        ...(input.skills !== undefined ? { skills: input.skills } : {}),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      // A new password, or a role that gives or takes abilities, ends the person's sessions: what they
      // may do is decided afresh at their next sign-in (the acting admin keeps this one).
      if (passwordHash || existing.role !== input.role) {
        await deleteOtherSessions(trx, input.id, input.id === actor.userId ? (actor.sessionToken ?? undefined) : undefined);
      }
      const item = { type: 'user', id: input.id, label: input.email };
      if (existing.role !== input.role) {
        await recordActivity(trx, { actor, kind: 'user-role-changed', item, details: `${existing.role} → ${input.role}` });
      }
      if (passwordHash) await recordActivity(trx, { actor, kind: 'password-changed', item, details: 'set by an admin' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getUser(deps, input.id);
}

/** A person's staff role, for the owner's user form (the REST answers of a user stay as the SPEC has them). */
export async function getStaffRole(deps: Deps, id: number): Promise<StaffRoleAnswer> {
  const row = await repo.findSessionUser(deps.db, id);
  if (!row) throw AppError.notFound();
  return { id: row.id, staff_role: row.staff_role };
}

const OWNER_STAFF_ROLE_MESSAGE = 'An owner has every permission: change their role from admin first.';

/**
 * Gives a person a staff role or takes it away (docs/decisions/staff-roles.md): only an owner calls
 * it (the `users` permission). Their sessions end and the activity log says who did it.
 */
export async function setStaffRole(deps: Deps, input: StaffRoleInput, actor: Actor): Promise<StaffRoleAnswer> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.lockUser(trx, input.id);
    if (!existing) throw AppError.notFound();
    if (existing.role === 'admin') throw AppError.field('staff_role', OWNER_STAFF_ROLE_MESSAGE);
    if (existing.staff_role === input.staff_role) return;
    await repo.updateUser(trx, input.id, { staff_role: input.staff_role });
    await deleteOtherSessions(trx, input.id);
    await recordActivity(trx, {
      actor,
      kind: 'user-role-changed',
      item: { type: 'user', id: input.id, label: existing.email },
      details: `staff role ${existing.staff_role ?? 'none'} → ${input.staff_role ?? 'none'}`,
    });
  });
  return { id: input.id, staff_role: input.staff_role };
}

export async function deleteUser(deps: Deps, id: number, actor: Actor & { userId: number }): Promise<void> {
  if (id === actor.userId) throw AppError.field('id', DELETE_SELF_MESSAGE);
  await removeUser(deps, id, { actor, kind: 'user-deleted' });
}

/**
 * The one place an account is removed, for the admin's delete and the user's own
 * (account/delete-account.service.ts), so both remove the same things: the row, and with it
 * (foreign keys cascade) the sessions, reset tokens and CV download records; the CV file after
 * the commit. Anything else that must go with an account goes in this transaction. An admin is
 * removed only while another admin remains. Removing an admin locks every admin row first, in id
 * order, then the row: two admins leaving at once wait for each other (the second then sees it is
 * the last) rather than each holding its own row and deadlocking on the other's.
 */
export async function removeUser(
  deps: Deps,
  id: number,
  /** The activity entry: an admin's delete, or the user's own (who is then "Deleted user" too). */
  entry: { actor: Actor; kind: 'user-deleted' | 'account-deleted' },
): Promise<void> {
  const cvKey = await deps.db.transaction().execute(async (trx) => {
    const admins = (await repo.findSessionUser(trx, id))?.role === 'admin' ? await repo.lockAdmins(trx) : null;
    const existing = await repo.lockUser(trx, id);
    if (!existing) throw AppError.notFound();
    if (existing.role === 'admin' && !(admins ?? (await repo.lockAdmins(trx))).some((adminId) => adminId !== id)) {
      throw AppError.field('account', LAST_ADMIN_SELF_DELETE_MESSAGE);
    }
    await anonymiseQuoteRequestsOfUser(trx, id);
    // Future bookings cancelled (places given back), every booking kept without personal data.
    await forgetBookingsOfUser(trx, id);
    await anonymiseRepairJobsOfUser(trx, id);
    // The log keeps its entries; the person in them becomes "Deleted user".
    await forgetActivityPerson(trx, id);
    const actor = entry.actor.userId === id ? { userId: null, ip: entry.actor.ip, label: DELETED_USER_LABEL } : entry.actor;
    await recordActivity(trx, { actor, kind: entry.kind, item: { type: 'user', id, label: DELETED_USER_LABEL } });
    await repo.deleteUser(trx, id);
    return existing.cv_file_key;
  });
  if (cvKey) {
    await deps.storage.delete(cvKey).catch((err: unknown) => deps.log.warn({ err }, 'CV file cleanup failed'));
  }
}

export async function getCvLink(deps: Deps, userId: number, actorId: number): Promise<{ url: string }> {
  const cv = await repo.findCv(deps.db, userId);
  if (!cv?.cv_file_key) throw AppError.notFound();
  return { url: createCvLink(deps.config.appUrl, deps.config.appKey, userId, actorId) };
}

/** The file behind a verified link, and the download recorded; null when the CV is gone. */
/**
 * The CV behind a link, once: the download is recorded in the same transaction that checks the
 * link was not used before (docs/rest-contract.md, Users). `downloadedBy` is who downloads: the
 * admin who asked for the link (the route refuses anyone else's session). The file name is the
 * uploader's, with the extension of the type the bytes were found to be. The file is opened before
 * the download is recorded: a bucket failing there records nothing (503).
 */
export async function openCvForDownload(deps: Deps, link: CvLink, downloadedBy: number) {
  let stream: Readable | undefined;
  try {
    const opened = await deps.db.transaction().execute(async (trx) => {
      const cv = await repo.findCv(trx, link.userId, { lock: true });
      if (!cv?.cv_file_key || (await deps.storage.size(cv.cv_file_key)) === null) return null;
      if (await hasCvDownloadSince(trx, link.userId, downloadedBy, link.issuedAt)) return 'spent' as const;
      stream = await deps.storage.openRead(cv.cv_file_key);
      // The admin may have been deleted since asking; the download is still recorded, without a name.
      await recordCvDownload(trx, link.userId, (await repo.findPresentableUser(trx, downloadedBy)) ? downloadedBy : null);
      return cv;
    });
    if (opened === null) return null;
    if (opened === 'spent') throw AppError.invalidSignature();
    const mimeType = opened.cv_mime_type || 'application/octet-stream';
    return {
      stream: stream!,
      filename: cvFileName(opened.cv_original_name || 'cv', mimeType),
      mimeType,
      size: opened.cv_size,
    };
  } catch (error) {
    stream?.destroy();
    throw error;
  }
}
