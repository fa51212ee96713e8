import { defineUploadRoute, parseFields, type UploadRoute } from '#server/rest/upload.route.ts';
import { imageTooLarge } from '#server/images/image-processing.ts';
import { IMAGE_MAX_BYTES } from '#shared/limits.ts';
import { galleryImageSchema, gallerySchema } from '#shared/schemas/content.ts';
import { galleryFieldsInput, galleryImageUploadFields, galleryUpdateInput } from '#shared/schemas/content-inputs.ts';
import { addGalleryImage, updateGallery } from './galleries.service.ts';

/** POST /api/galleries/{id} (cover image) and POST /api/galleriesimages (file, gallery_id). */
export const galleryUploadRoutes: UploadRoute[] = [
  defineUploadRoute({
    method: 'POST',
    path: '/api/galleries/{id}',
    summary: 'Update a gallery (name, url, hidden, cover image)',
    tags: ['galleries'],
    access: 'admin',
    changesPublicContent: true,
    files: { image: { maxBytes: IMAGE_MAX_BYTES, tooLarge: imageTooLarge('image') } },
    fieldsSchema: galleryFieldsInput,
    responseSchema: gallerySchema,
    handle: (ctx, { fields, files, params }) => {
      const input = parseFields(galleryUpdateInput, { ...fields, id: params.id });
      return updateGallery(ctx.deps, input, files.image?.path);
    },
  }),
  defineUploadRoute({
    method: 'POST',
    path: '/api/galleriesimages',
    summary: 'Add an image to the end of a gallery',
    tags: ['galleries'],
    access: 'admin',
    changesPublicContent: true,
    files: { file: { maxBytes: IMAGE_MAX_BYTES, tooLarge: imageTooLarge('file') } },
    fieldsSchema: galleryImageUploadFields,
    responseSchema: galleryImageSchema,
    successStatus: 201,
    handle: (ctx, { fields, files }) => {
      const input = parseFields(galleryImageUploadFields, fields);
      return addGalleryImage(ctx.deps, input.gallery_id, files.file?.path);
    },
  }),
];
