import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A quote request's private photo: two WebP variants (quotes/quote-request-photos.repository.ts). */
export interface QuoteRequestPhotosTable {
  id: Generated<number>;
  quote_request_id: number;
  position: number;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
  created_at: Timestamp;
}
