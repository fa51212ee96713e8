// Every SQL statement on bank_holiday_openings: the bank holidays the shop opens anyway.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database>;

/** The opened dates within [from, to] (the shop's dates), as YYYY-MM-DD. */
export async function listOpenedBetween(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('bank_holiday_openings')
    .select('holiday_date')
    .where('holiday_date', '>=', from)
    .where('holiday_date', '<=', to)
    .execute();
  return new Set(rows.map((r) => dateText(r.holiday_date)));
}

export async function openHoliday(db: Db, date: string): Promise<void> {
  await db
    .insertInto('bank_holiday_openings')
    .values({ holiday_date: date })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function closeHoliday(db: Db, date: string): Promise<void> {
  await db.deleteFrom('bank_holiday_openings').where('holiday_date', '=', date).execute();
}

// A driver may hand a date column back as a Date at midnight UTC rather than as text.
function dateText(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}
