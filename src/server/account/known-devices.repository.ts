/** Every SQL statement on the `known_devices` table (the device cookies each user signed in with, as SHA-256 of their ids). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records the device as seen now; true when it is new to the user. One insert that does nothing on
 * a known device, so two sign-ins at once from a new device find it new once.
 */
export async function recordKnownDevice(db: Db, userId: number, deviceHash: string, now = new Date()): Promise<boolean> {
  const inserted = await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return true;
  await db
    .updateTable('known_devices')
    .set({ last_seen_at: now })
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .execute();
  return false;
}

/** Forgets every device of the user, so each next sign-in is new to the account and mailed. */
export async function deleteKnownDevicesOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
}
