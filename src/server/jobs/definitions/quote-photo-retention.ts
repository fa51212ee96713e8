/** Photos of quote requests closed longer than QUOTE_PHOTO_RETENTION_DAYS, hourly (quotes.service.ts). */
import { deleteExpiredQuotePhotos } from '#server/quotes/quotes.service.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const quotePhotoRetentionJob = defineJob({
  name: 'quote-photo-retention',
  payload: z.object({}),
  schedule: { cron: '37 * * * *' },
  expireInSeconds: 30 * 60,
  async run(deps) {
    const cleared = await deleteExpiredQuotePhotos(deps);
    if (cleared) deps.log.info({ cleared }, 'quote photos past retention removed');
  },
});
