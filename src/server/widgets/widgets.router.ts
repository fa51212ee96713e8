// Widgets: public read by name; everything else for admins (docs/rest-contract.md "Content").
import { z } from 'zod';
import { actorOf } from '#server/activity/actor.ts';
import { adminProcedure, checkedInput, publicProcedure, router } from '#server/trpc.ts';
import { UPLOAD_PATHS } from '#shared/upload-paths.ts';
import { assertAccess } from '#server/auth/access.ts';
import { widgetSchema } from '#shared/schemas/content.ts';
import { widgetByKeyInput, widgetCreateInput, widgetDeleteInput, widgetUpdateInput } from '#shared/schemas/content-inputs.ts';
import { AppError } from '#server/errors.ts';
import { imageUpload } from '#server/images/image-processing.ts';
import { uploadedFiles } from '#server/uploads.ts';
import { readWidgetByName } from '#server/public-content/public-content.service.ts';
import { snapshotRead } from '#server/public-content/public-snapshot.ts';
import { createWidget, getWidget, listWidgets, moveWidgetToBin, updateWidget } from './widgets.service.ts';

/** Widget names start with a letter: an `x` of digits only is an id (an admin's read). */
const isWidgetId = (x: string) => /^\d+$/.test(x);

export const widgetsRouter = router({
  /**
   * GET /api/widgets/{x}: names start with a letter, so all digits is an id (admins only, for the
   * edit page) and anything else a name (public, for the pages). One path, one procedure.
   */
  byKey: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/widgets/{x}',
        tags: ['widgets'],
        summary: 'A widget by name (public) or by id (admin)',
        protect: false,
      },
      // A name the snapshot holds; an id, or a name it does not hold (404), runs the procedure.
      publicSnapshot: snapshotRead((snapshot, input: z.output<typeof widgetByKeyInput>) =>
        isWidgetId(input.x) ? undefined : snapshot.widget(input.x),
      ),
    })
    .concat(checkedInput(widgetByKeyInput))
    .output(widgetSchema)
    .query(({ ctx, input }) => {
      if (isWidgetId(input.x)) {
        assertAccess(ctx, 'admin', 'content');
        const id = Number(input.x);
        if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw AppError.notFound();
        return getWidget(ctx.deps, id);
      }
      return readWidgetByName(ctx.deps, input.x);
    }),

  list: adminProcedure
    .meta({ permission: 'content', openapi: { method: 'GET', path: '/api/widgets', tags: ['widgets'], summary: 'All widgets' } })
    .concat(checkedInput(z.object({})))
    .output(z.object({ results: z.array(widgetSchema) }))
    .query(({ ctx }) => listWidgets(ctx.deps)),

  create: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'POST', path: '/api/widgets', tags: ['widgets'], summary: 'Create a TEXT widget' },
      rest: { successStatus: 201 },
      changesPublicContent: true,
    })
    .concat(checkedInput(widgetCreateInput))
    .output(widgetSchema)
    .mutation(({ ctx, input }) => createWidget(ctx.deps, input, actorOf(ctx))),

  /**
   * POST /api/widgets/{x}: the fields and an optional image (multipart). The path parameter keeps
   * GET's name, x (to OpenAPI, /api/widgets/{x} and /api/widgets/{id} would be one path declared
   * twice); here it is the id.
   */
  update: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: UPLOAD_PATHS['widgets.update'],
        tags: ['widgets'],
        summary: 'Update a widget (name, type, html, alt, image)',
      },
      upload: { files: { image: imageUpload('image') }, params: { x: 'id' } },
      changesPublicContent: true,
    })
    .concat(checkedInput(widgetUpdateInput))
    .output(widgetSchema)
    .mutation(({ ctx, input }) => updateWidget(ctx.deps, input, actorOf(ctx), uploadedFiles(ctx, 'image')[0]?.path)),

  /** A widget an admin added goes to the bin; one the pages read is a 409 (fixed-content-sections.md). */
  delete: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'DELETE',
        path: '/api/widgets/{x}',
        tags: ['widgets'],
        summary: 'Delete a widget an admin added (moves it to the bin for BIN_KEEP_DAYS)',
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(widgetDeleteInput))
    .output(z.void())
    .mutation(({ ctx, input }) => moveWidgetToBin(ctx.deps, input.x, actorOf(ctx))),
});
