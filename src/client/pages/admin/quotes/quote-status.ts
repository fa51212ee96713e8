// How the quote statuses read on screen (the admin's list and detail, the customer's list).
import type { QuoteStatus } from '#shared/value-sets.ts';

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  booked: 'Booked',
  closed: 'Closed',
};
