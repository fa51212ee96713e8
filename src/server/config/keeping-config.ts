/** How long things are kept: quote photos, the activity log, the bin, versions of content. */
import { z } from 'zod';
import { wholeNumber } from './env-values.ts';

export const keepingVariables = z.object({
  QUOTE_PHOTO_RETENTION_DAYS: wholeNumber({ of: 'days', min: 1, max: 36500, fallback: 365 }),
  ACTIVITY_KEEP_DAYS: wholeNumber({ of: 'days', min: 1, max: 36500, fallback: 730 }),
  BIN_KEEP_DAYS: wholeNumber({ of: 'days', min: 1, max: 3650, fallback: 30 }),
  VERSIONS_KEEP_DAYS: wholeNumber({ of: 'days', min: 1, max: 36500, fallback: 365 }),
  VERSIONS_KEEP_COUNT: wholeNumber({ min: 1, max: 10000, fallback: 50 }),
});

export function keepingConfig(e: z.output<typeof keepingVariables>) {
  return {
    /** Photos of quote requests closed longer than this many days are deleted (QUOTE_PHOTO_RETENTION_DAYS). */
    quotePhotoRetentionDays: e.QUOTE_PHOTO_RETENTION_DAYS,
    /** Activity log entries older than this many days are pruned (ACTIVITY_KEEP_DAYS, default 730). */
    activityKeepDays: e.ACTIVITY_KEEP_DAYS,
    /** Galleries, testimonials and widgets in the bin longer than this many days are deleted for good (BIN_KEEP_DAYS, default 30). */
    binKeepDays: e.BIN_KEEP_DAYS,
    /**
     * Versions of an item (widget, gallery, testimonial, shop record) are kept this many days
     * (VERSIONS_KEEP_DAYS, default 365) and in any case its newest VERSIONS_KEEP_COUNT (default 50).
     */
    versionsKeepDays: e.VERSIONS_KEEP_DAYS,
    versionsKeepCount: e.VERSIONS_KEEP_COUNT,
  };
}
