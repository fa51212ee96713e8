// Every SQL statement on stripe_events. Repositories never open a transaction: the service does.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database>;

/**
 * Keeps a Stripe event's id, once: true when this call kept it (the event is new), false when it
 * was already there. In the transaction of the event's effect, so a redelivery (or twenty at
 * once) waits for the first and then does nothing.
 */
export async function claimStripeEvent(db: Db, id: string, type: string): Promise<boolean> {
  const row = await db
    .insertInto('stripe_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
