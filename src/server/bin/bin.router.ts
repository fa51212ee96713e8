// The bin: admins only, on both doors (docs/rest-contract.md "Bin").
import { z } from 'zod';
import { actorOf } from '#server/activity/actor.ts';
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import { binItemInput, binListInput, binListSchema } from '#shared/schemas/bin.ts';
import { deleteFromBin, listBin, restoreFromBin } from './bin.service.ts';

export const binRouter = router({
  list: adminProcedure
    .meta({
      permission: 'system',
      openapi: { method: 'GET', path: '/api/bin', tags: ['bin'], summary: 'Galleries, testimonials and widgets in the bin' },
    })
    .concat(checkedInput(binListInput))
    .output(binListSchema)
    .query(({ ctx, input }) => listBin(ctx.deps, input)),

  restore: adminProcedure
    .meta({
      permission: 'system',
      openapi: {
        method: 'POST',
        path: '/api/bin/{kind}/{id}/restore',
        tags: ['bin'],
        summary: 'Restore an item from the bin (a gallery with its images)',
      },
      rest: { successStatus: 204 },
      changesPublicContent: true,
    })
    .concat(checkedInput(binItemInput))
    .output(z.void())
    .mutation(({ ctx, input }) => restoreFromBin(ctx.deps, input, actorOf(ctx))),

  delete: adminProcedure
    .meta({
      permission: 'system',
      openapi: {
        method: 'DELETE',
        path: '/api/bin/{kind}/{id}',
        tags: ['bin'],
        summary: 'Delete an item in the bin for good, with its files',
      },
      rest: { successStatus: 204 },
      changesPublicContent: false,
    })
    .concat(checkedInput(binItemInput))
    .output(z.void())
    .mutation(({ ctx, input }) => deleteFromBin(ctx.deps, input, actorOf(ctx))),
});
