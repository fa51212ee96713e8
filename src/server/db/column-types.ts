// Column types more than one table shares (each table's own type is in its <table>.table.ts).
import type { ColumnType } from 'kysely';

/** A timestamp column with a default: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
