// History and restore of the content admins edit: admins only, on both doors.
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import { idInput } from '#shared/schemas/content-inputs.ts';
import { z } from 'zod';
import {
  contentVersionSchema,
  draftKeyInput,
  draftSchema,
  historyInput,
  historySchema,
  versionDetailSchema,
  scheduleChangeInput,
  scheduledChangeSchema,
  scheduledChangesInput,
  scheduledChangesSchema,
  shopDraftInput,
  testimonialDraftInput,
  widgetDraftInput,
} from '#shared/schemas/versions.ts';
import { SHOP_ITEM_ID } from '#server/shop/shop.content-kind.ts';
import { actorOf } from '#server/activity/actor.ts';
import { discardDraft, getDraft, publishDraft, saveDraft } from './drafts.service.ts';
import { getHistory, getVersion, restoreVersion } from './versions.service.ts';
import { cancelScheduledChange, listScheduledChanges, scheduleChange } from './scheduled-changes.service.ts';

export const versionsRouter = router({
  // Past versions of the shop record and reviews are kept from every cache (no-store), as personal data is.
  history: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'GET',
        path: '/api/content-history/{kind}/{id}',
        tags: ['history'],
        summary: 'A page of the versions of a widget, gallery, testimonial or the shop record (id 1), newest first',
      },
    })
    .concat(checkedInput(historyInput))
    .output(historySchema)
    .query(({ ctx, input }) => getHistory(ctx.deps, input.kind, input.id, input)),

  version: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'GET',
        path: '/api/content-versions/{id}',
        tags: ['history'],
        summary: 'One published version with its fields and the thumbnails of its pictures',
      },
    })
    .concat(checkedInput(idInput))
    .output(versionDetailSchema)
    .query(({ ctx, input }) => getVersion(ctx.deps, input.id)),

  restore: adminProcedure
    .meta({
      permission: 'content',
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
    .mutation(({ ctx, input }) => restoreVersion(ctx.deps, input.id, actorOf(ctx))),

  draft: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'GET',
        path: '/api/content-drafts/{kind}/{id}',
        tags: ['history'],
        summary: "The item's draft (null when it has none)",
      },
    })
    .concat(checkedInput(draftKeyInput))
    .output(draftSchema)
    .query(async ({ ctx, input }) => ({ draft: await getDraft(ctx.deps, input.kind, input.id) })),

  // A draft is never public content: saving or discarding it leaves the snapshot as it is.
  saveWidgetDraft: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'PUT',
        path: '/api/content-drafts/widget/{id}',
        tags: ['history'],
        summary: "Save (or autosave) a widget's draft",
      },
      changesPublicContent: false,
    })
    .concat(checkedInput(widgetDraftInput))
    .output(contentVersionSchema)
    .mutation(({ ctx, input }) => saveDraft(ctx.deps, { kind: 'widget', ...input }, ctx.user.id)),

  saveTestimonialDraft: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'PUT',
        path: '/api/content-drafts/testimonial/{id}',
        tags: ['history'],
        summary: "Save (or autosave) a testimonial's draft",
      },
      changesPublicContent: false,
    })
    .concat(checkedInput(testimonialDraftInput))
    .output(contentVersionSchema)
    .mutation(({ ctx, input }) => saveDraft(ctx.deps, { kind: 'testimonial', ...input }, ctx.user.id)),

  saveShopDraft: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'PUT',
        path: '/api/content-drafts/shop',
        tags: ['history'],
        summary: "Save (or autosave) the shop record's draft",
      },
      changesPublicContent: false,
    })
    .concat(checkedInput(shopDraftInput))
    .output(contentVersionSchema)
    .mutation(({ ctx, input }) => saveDraft(ctx.deps, { kind: 'shop', id: SHOP_ITEM_ID, ...input }, ctx.user.id)),

  publishDraft: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: '/api/content-drafts/{kind}/{id}/publish',
        tags: ['history'],
        summary: 'Publish the draft: it goes live',
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(draftKeyInput))
    .output(contentVersionSchema)
    .mutation(({ ctx, input }) => publishDraft(ctx.deps, input.kind, input.id, actorOf(ctx))),

  discardDraft: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'DELETE', path: '/api/content-drafts/{kind}/{id}', tags: ['history'], summary: 'Discard the draft' },
      changesPublicContent: false,
    })
    .concat(checkedInput(draftKeyInput))
    .output(z.void())
    .mutation(({ ctx, input }) => discardDraft(ctx.deps, input.kind, input.id)),

  // Scheduled changes: nothing public changes until the job runs (it refreshes the snapshot then).
  scheduleChange: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: '/api/scheduled-changes',
        tags: ['history'],
        summary: "Schedule a draft's publish or a revert to the previous version, at a date and time on the shop's clock",
      },
      rest: { successStatus: 201 },
      changesPublicContent: false,
    })
    .concat(checkedInput(scheduleChangeInput))
    .output(scheduledChangeSchema)
    .mutation(({ ctx, input }) => scheduleChange(ctx.deps, input, actorOf(ctx))),

  // It names who scheduled each change: kept from every cache, as personal data is.
  scheduledChanges: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'GET',
        path: '/api/scheduled-changes',
        tags: ['history'],
        summary: 'Pending scheduled changes, soonest first, and those finished, failed or cancelled in the last 7 days',
      },
    })
    .concat(checkedInput(scheduledChangesInput))
    .output(scheduledChangesSchema)
    .query(async ({ ctx, input }) => ({ results: await listScheduledChanges(ctx.deps, input) })),

  cancelScheduledChange: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'DELETE', path: '/api/scheduled-changes/{id}', tags: ['history'], summary: 'Cancel a pending scheduled change' },
      rest: { successStatus: 204 },
      changesPublicContent: false,
    })
    .concat(checkedInput(idInput))
    .output(z.void())
    .mutation(({ ctx, input }) => cancelScheduledChange(ctx.deps, input.id, actorOf(ctx))),
});
