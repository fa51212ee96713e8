import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { PreferredContact, QuoteStatus } from '#shared/value-sets.ts';

/** A quote request from /quote (quotes/quote-requests.repository.ts). */
export interface QuoteRequestsTable {
  id: Generated<number>;
  reference: string;
  user_id: number | null;
  name: string;
  email: string;
  telephone: string | null;
  vehicle: string;
  registration: string | null;
  description: string;
  preferred_contact: PreferredContact;
  status: ColumnType<QuoteStatus, QuoteStatus | undefined, QuoteStatus>;
  notes: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: NullableTimestamp;
  photos_deleted_at: NullableTimestamp;
}
