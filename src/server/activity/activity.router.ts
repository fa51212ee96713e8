// The activity log: admins only, on both doors. Read-only: there is no procedure that
// edits or deletes an entry (docs/decisions/activity-log.md). Personal data (names, e-mails,
// addresses): every answer is Cache-Control: no-store (the admin builder's).
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import { z } from 'zod';
import {
  activityFilterInput,
  activityListInput,
  activityPageSchema,
  activityPeopleInput,
  activityPeopleSchema,
} from '#shared/schemas/activity.ts';
import { activityCsv, listActivity, listActivityPeople } from './activity.service.ts';

const csvChunks = z
  .custom<AsyncIterable<string>>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v)
  .meta({ type: 'string' });

export const activityRouter = router({
  list: adminProcedure
    .meta({
      permission: 'activity',
      openapi: {
        method: 'GET',
        path: '/api/activity',
        tags: ['activity'],
        summary: 'The activity log, newest first (25 a page or `limit`, up to 100; `cursor` from `next_cursor`, or `page` from 1)',
      },
    })
    .concat(checkedInput(activityListInput))
    .output(activityPageSchema)
    .query(({ ctx, input }) => listActivity(ctx.deps, input)),

  people: adminProcedure
    .meta({
      permission: 'activity',
      openapi: {
        method: 'GET',
        path: '/api/activity/people',
        tags: ['activity'],
        summary: 'The people the log can be filtered by: those whose name or e-mail contains `search`, at most `limit` (20, up to 50)',
      },
    })
    .concat(checkedInput(activityPeopleInput))
    .output(activityPeopleSchema)
    .query(({ ctx, input }) => listActivityPeople(ctx.deps, input)),

  csv: adminProcedure
    .meta({
      permission: 'exports',
      openapi: {
        method: 'GET',
        path: '/api/activity.csv',
        tags: ['activity'],
        summary: 'The filtered activity log as CSV (text/csv, an attachment, streamed: every entry of the range)',
      },
      rest: { contentType: 'text/csv; charset=utf-8' },
    })
    .concat(checkedInput(activityFilterInput))
    // The REST door streams the chunks as they are read (rest-plugin.ts); described as the text it is.
    .output(csvChunks)
    .query(async ({ ctx, input }) => {
      const csv = await activityCsv(ctx.deps, input);
      ctx.http.setHeader('content-disposition', `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.csv"`);
      return csv;
    }),
});
