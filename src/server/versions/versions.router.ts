// History and restore of the content admins edit (issue 27): admins only, on both doors.
import { adminProcedure, carriesSecret, checkedInput, router } from '#server/trpc.ts';
import { idInput } from '#shared/schemas/content-inputs.ts';
import { contentVersionSchema, historyInput, historySchema } from '#shared/schemas/versions.ts';
import { getHistory, restoreVersion } from './versions.service.ts';

export const versionsRouter = router({
  // Past versions of the shop record and reviews are kept from every cache (no-store), as personal data is.
  history: adminProcedure
    .use(carriesSecret)
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/content-history/{kind}/{id}',
        tags: ['history'],
        summary: 'The versions of a widget, gallery, testimonial or the shop record (id 1), newest first',
      },
    })
    .concat(checkedInput(historyInput))
    .output(historySchema)
    .query(({ ctx, input }) => getHistory(ctx.deps, input.kind, input.id)),

  restore: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/content-versions/{id}/restore',
        tags: ['history'],
        summary: 'Restore a version: the item takes its fields, kept as a new version',
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(idInput))
    .output(contentVersionSchema)
    .mutation(({ ctx, input }) => restoreVersion(ctx.deps, input.id, ctx.user.id)),
});
