import { defineUploadRoute, parseFields, type UploadRoute } from '#server/rest/upload.route.ts';
import { IMAGE_MAX_BYTES } from '#shared/limits.ts';
import { widgetSchema } from '#shared/schemas/content.ts';
import { widgetFieldsInput, widgetUpdateInput } from '#shared/schemas/content-inputs.ts';
import { imageTooLarge } from '#server/images/image-processing.ts';
import { updateWidget } from './widgets.service.ts';

/**
 * POST /api/widgets/{x} (multipart with an optional image). The parameter keeps GET's name: to
 * OpenAPI, /api/widgets/{x} and /api/widgets/{id} would be one path declared twice. Here x is the id.
 */
export const widgetUploadRoutes: UploadRoute[] = [
  defineUploadRoute({
    method: 'POST',
    path: '/api/widgets/{x}',
    summary: 'Update a widget (name, type, html, alt, image)',
    tags: ['widgets'],
    access: 'admin',
    changesPublicContent: true,
    files: { image: { maxBytes: IMAGE_MAX_BYTES, tooLarge: imageTooLarge('image') } },
    fieldsSchema: widgetFieldsInput,
    responseSchema: widgetSchema,
    handle: (ctx, { fields, files, params }) => {
      const input = parseFields(widgetUpdateInput, { ...fields, id: params.x });
      return updateWidget(ctx.deps, input, files.image?.path);
    },
  }),
];
