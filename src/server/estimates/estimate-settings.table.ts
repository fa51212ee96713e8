import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** The shop's estimate settings: one row, id 1 (estimates/estimate-settings.repository.ts). */
export interface EstimateSettingsTable {
  id: ColumnType<number, 1 | undefined, never>;
  labour_rate_pence: ColumnType<number, number | undefined, number>;
  /** Empty: the shop is not VAT-registered and charges and shows no VAT. */
  vat_number: ColumnType<string, string | undefined, string>;
  validity_days: ColumnType<number, number | undefined, number>;
  terms: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}
