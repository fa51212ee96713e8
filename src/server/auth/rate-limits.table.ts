import type { Timestamp } from '#server/db/column-types.ts';

/** One rate-limit window (auth/rate-limiter.ts's PostgreSQL store). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}
