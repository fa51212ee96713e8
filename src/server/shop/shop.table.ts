import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';

/** The shop's details: one row, id 1. The list columns hold JSON text (shop.repository.ts reads and writes it). */
export interface ShopTable {
  id: ColumnType<number, 1 | undefined, never>;
  name: string;
  tagline: string;
  address_lines: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
  telephone: string;
  email: string;
  latitude: number;
  longitude: number;
  social_links: string;
  opening_hours: string;
  closures: string;
  time_zone: string;
  /** JSON text: string[]. */
  accreditations: string;
  /** JSON text: string[]. */
  insurers: string;
  year_established: number | null;
  warranty: string;
  reviews_url: string;
  updated_at: Timestamp;
  /** When an admin last saved the details (shop.update); null: as the seed wrote them (the first-run checklist reads it). */
  edited_at: NullableTimestamp;
}
