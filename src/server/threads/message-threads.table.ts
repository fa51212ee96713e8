import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';

/** One customer matter's conversation (threads/message-threads.repository.ts); matter_key: see threads.service.ts. */
export interface MessageThreadsTable {
  id: Generated<number>;
  matter_key: string;
  quote_request_id: number | null;
  booking_id: number | null;
  repair_job_id: number | null;
  awaiting_shop: Generated<boolean>;
  done_at: NullableTimestamp;
  customer_read_at: NullableTimestamp;
  shop_read_at: NullableTimestamp;
  last_message_at: NullableTimestamp;
  created_at: Timestamp;
}
