import type { ColumnType } from 'kysely';
import type { InvoiceSeries } from '#shared/value-sets.ts';

/** The last number issued in each series; taken and raised in the issuing transaction (gap-free). */
export interface InvoiceCountersTable {
  series: InvoiceSeries;
  last_number: ColumnType<number, number | undefined, number>;
}
