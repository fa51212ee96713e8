import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export type AuthorSide = 'customer' | 'shop';

/** One message in a thread (threads/thread-messages.repository.ts); staff_user_id: who wrote a shop message. */
export interface ThreadMessagesTable {
  id: Generated<number>;
  thread_id: number;
  author_side: AuthorSide;
  staff_user_id: number | null;
  body: string;
  created_at: Timestamp;
}
