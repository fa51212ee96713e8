// Every SQL statement on booking_settings (one row, id 1, written by the migration).
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { BookingSettingsTable } from '#server/bookings/booking-settings.table.ts';

type Db = Kysely<Database>;
export type BookingSettingsRow = Selectable<BookingSettingsTable>;

export async function findBookingSettings(db: Db): Promise<BookingSettingsRow> {
  return db.selectFrom('booking_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateBookingSettings(db: Db, values: Updateable<BookingSettingsTable>): Promise<BookingSettingsRow> {
  return db
    .updateTable('booking_settings')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
