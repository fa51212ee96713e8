// The shop's details: everyone reads them (from the public snapshot); admins replace them.
import { z } from 'zod';
import { adminProcedure, checkedInput, publicProcedure, router } from '#server/trpc.ts';
import { shopInput, shopSchema } from '#shared/schemas/shop.ts';
import { snapshotRead } from '#server/public-content/public-snapshot.ts';
import { readShop, updateShop } from './shop.service.ts';

export const shopRouter = router({
  get: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/shop', tags: ['shop'], summary: "The shop's details and opening hours", protect: false },
      publicSnapshot: snapshotRead((snapshot) => snapshot.content.shop),
    })
    .concat(checkedInput(z.object({}).optional()))
    .output(shopSchema)
    .query(({ ctx }) => readShop(ctx.deps)),

  update: adminProcedure
    .meta({
      openapi: { method: 'PUT', path: '/api/shop', tags: ['shop'], summary: "Replace the shop's details" },
      changesPublicContent: true,
    })
    .concat(checkedInput(shopInput))
    .output(shopSchema)
    .mutation(({ ctx, input }) => updateShop(ctx.deps, input, ctx.user.id)),
});
