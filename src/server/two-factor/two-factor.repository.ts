// SQL for a user's two-factor columns (secret and recovery codes are stored encrypted).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database>;

export function findTwoFactorState(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'two_factor_secret', 'two_factor_recovery_codes', 'two_factor_confirmed_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function savePendingTwoFactor(db: Db, userId: number, encryptedSecret: string, encryptedCodes: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      two_factor_secret: encryptedSecret,
      two_factor_recovery_codes: encryptedCodes,
      two_factor_confirmed_at: null,
      two_factor_last_used_step: null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function markTwoFactorConfirmed(db: Db, userId: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ two_factor_confirmed_at: at, updated_at: at }).where('id', '=', userId).execute();
}

export async function clearTwoFactor(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
      two_factor_last_used_step: null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records `step` as used, only when it is newer than the last used one. One conditional UPDATE,
 * so two requests racing with the same code cannot both win.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_used_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_used_step', 'is', null), eb('two_factor_last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Compare-and-set of the encrypted codes: false when another request changed them first. */
export async function swapRecoveryCodes(db: Db, userId: number, expected: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_recovery_codes: next, updated_at: new Date() })
    .where('id', '=', userId)
    .where('two_factor_recovery_codes', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
