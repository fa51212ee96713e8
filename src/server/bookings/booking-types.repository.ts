// Every SQL statement on booking_types. Repositories never open a transaction: the service does.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { BookingTypesTable } from '#server/bookings/booking-types.table.ts';
import { LIST_CAPS } from '#shared/limits.ts';

type Db = Kysely<Database>;
export type BookingTypeRow = Selectable<BookingTypesTable>;

export async function listBookingTypes(db: Db, options: { activeOnly: boolean }): Promise<BookingTypeRow[]> {
  let query = db.selectFrom('booking_types').selectAll();
  if (options.activeOnly) query = query.where('active', '=', true);
  return query.orderBy('position').orderBy('id').limit(LIST_CAPS.bookingTypes).execute();
}

export async function findBookingType(db: Db, id: number): Promise<BookingTypeRow | undefined> {
  return db.selectFrom('booking_types').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBookingType(db: Db, values: Insertable<BookingTypesTable>): Promise<BookingTypeRow> {
  return db.insertInto('booking_types').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateBookingType(db: Db, id: number, values: Updateable<BookingTypesTable>): Promise<BookingTypeRow | undefined> {
  return db
    .updateTable('booking_types')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
