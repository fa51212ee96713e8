import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** The shop's answer to a quote request: a price and a message, mailed to the customer (quotes/quote-replies.repository.ts). */
export interface QuoteRepliesTable {
  id: Generated<number>;
  quote_request_id: number;
  price_pence: number;
  message: string;
  sent_by: number | null;
  created_at: Timestamp;
}
