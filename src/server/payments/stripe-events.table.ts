import type { Timestamp } from '#server/db/column-types.ts';

/** Each Stripe webhook event handled once, by its id (payments/stripe-events.repository.ts). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Timestamp;
}
