/**
 * A user deleting their own account, with the password (as Jetstream's DELETE /user). What goes
 * is decided in one place, users.service.ts removeUser, the admin's delete too; the last admin is
 * refused there.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { removeUser } from '#server/users/users.service.ts';
import { assertOwnPassword } from './passwords.service.ts';

export async function deleteOwnAccount(
  deps: Pick<AppDeps, 'db' | 'rateLimiter' | 'storage' | 'log' | 'config'>,
  userId: number,
  password: string,
): Promise<void> {
  await assertOwnPassword(deps, userId, password);
  await removeUser(deps, userId);
}
