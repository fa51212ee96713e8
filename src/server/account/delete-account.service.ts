/**
 * A user deleting their own account, with the password (as Jetstream's DELETE /user). What goes
 * is decided in one place, users.service.ts removeUser, the admin's delete too; the last admin is
 * refused there.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { removeUser } from '#server/users/users.service.ts';
import type { Actor } from '#server/activity/actor.ts';
import { assertOwnPassword } from './passwords.service.ts';

export async function deleteOwnAccount(
  deps: Pick<AppDeps, 'db' | 'rateLimiter' | 'storage' | 'log' | 'config'>,
  userId: number,
  password: string,
  actor: Actor,
): Promise<void> {
  await assertOwnPassword(deps, userId, password);
  // Deleted for real, as the privacy notice promises; the log keeps a "Deleted user" entry.
  await removeUser(deps, userId, { actor, kind: 'account-deleted' });
}
