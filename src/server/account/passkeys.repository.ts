/** Every SQL statement on the `passkeys` table (each user's WebAuthn credentials). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string;
  name: string;
}

export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<number> {
  const row = await db
    .insertInto('passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      name: passkey.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function listPasskeysOf(db: Db, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'last_used_device', 'last_used_ip', 'credential_id', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findPasskeyByCredentialId(db: Db, credentialId: string) {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/**
 * Records a sign-in with the passkey: the new counter, only while the stored one is the one the
 * check was made against (two uses at once cannot both pass with one counter value).
 */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  expectedCounter: string,
  use: { counter: number; at: Date; device: string; ip: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: use.counter, last_used_at: use.at, last_used_device: use.device, last_used_ip: use.ip })
    .where('id', '=', id)
    .where('counter', '=', expectedCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every passkey of a user ("this wasn't me": one added by whoever had the account goes too). */
export async function deletePasskeysOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/** The user's passkeys added after `since` (a password reset removes them unless the owner keeps them). */
export async function deletePasskeysAddedAfter(db: Db, userId: number, since: Date): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).where('created_at', '>', since).execute();
}

export async function countPasskeysOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
