// The shop's details: everyone reads them (from the public snapshot); admins replace them. The
// form's helpers (the lists it offers, a postcode's position) and the dashboard's first-run
// checklist are admins'.
import { z } from 'zod';
import { adminProcedure, checkedInput, publicProcedure, router } from '#server/trpc.ts';
import { shopInput, shopSchema } from '#shared/schemas/shop.ts';
import { checklistSchema, geocodeInput, geocodeResultSchema, shopChoicesSchema } from '#shared/schemas/shop-setup.ts';
import { snapshotRead } from '#server/public-content/public-snapshot.ts';
import { actorOf } from '#server/activity/actor.ts';
import { readShop, updateShop } from './shop.service.ts';
import { geocodePostcode } from './geocoder.ts';
import { dismissChecklist, readChecklist, shopChoices } from './shop-setup.service.ts';

const tags = ['shop'];
/** The admin's answers are not for a shared cache: no-store, as the other admin areas' answers. */
const admin = adminProcedure;

export const shopRouter = router({
  get: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/shop', tags, summary: "The shop's details and opening hours", protect: false },
      publicSnapshot: snapshotRead((snapshot) => snapshot.content.shop),
    })
    .concat(checkedInput(z.object({}).optional()))
    .output(shopSchema)
    .query(({ ctx }) => readShop(ctx.deps)),

  update: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'PUT', path: '/api/shop', tags, summary: "Replace the shop's details" },
      changesPublicContent: true,
    })
    .concat(checkedInput(shopInput))
    .output(shopSchema)
    .mutation(({ ctx, input }) => updateShop(ctx.deps, input, actorOf(ctx))),

  choices: admin
    .meta({
      permission: 'content',
      openapi: { method: 'GET', path: '/api/shop/choices', tags, summary: 'The time zones and countries the shop form offers' },
    })
    .concat(checkedInput(z.object({}).optional()))
    .output(shopChoicesSchema)
    .query(() => shopChoices()),

  geocode: admin
    .meta({
      permission: 'content',
      openapi: { method: 'GET', path: '/api/shop/geocode', tags, summary: "A postcode's map position (GEOCODER_URL)" },
    })
    .concat(checkedInput(geocodeInput))
    .output(geocodeResultSchema)
    .query(({ ctx, input }) => geocodePostcode(ctx.deps, input)),

  checklist: admin
    .meta({
      permission: 'system',
      openapi: { method: 'GET', path: '/api/shop/checklist', tags, summary: "The dashboard's first-run checklist" },
    })
    .concat(checkedInput(z.object({}).optional()))
    .output(checklistSchema)
    .query(({ ctx }) => readChecklist(ctx.deps)),

  dismissChecklist: admin
    .meta({
      permission: 'system',
      openapi: { method: 'POST', path: '/api/shop/checklist/dismiss', tags, summary: "Hide the first-run checklist for the site's admins" },
      changesPublicContent: false,
    })
    .concat(checkedInput(z.object({}).optional()))
    .output(checklistSchema)
    .mutation(({ ctx }) => dismissChecklist(ctx.deps)),
});
