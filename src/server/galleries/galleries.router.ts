// Galleries: the public reads visible galleries; admins see and change everything.
import { z } from 'zod';
import { actorOf } from '#server/activity/actor.ts';
import { adminProcedure, checkedInput, publicProcedure, router } from '#server/trpc.ts';
import { UPLOAD_PATHS } from '#shared/upload-paths.ts';
import { assertAccess } from '#server/auth/access.ts';
import { mayCall } from '#server/auth/permissions.ts';
import { galleryImageSchema, galleryPageSchema, gallerySchema } from '#shared/schemas/content.ts';
import {
  galleryCreateInput,
  galleryImageUpdateInput,
  galleryImageUploadFields,
  galleryListInput,
  galleryReorderInput,
  galleryUpdateInput,
  idInput,
} from '#shared/schemas/content-inputs.ts';
import { imageUpload } from '#server/images/image-processing.ts';
import { uploadedFiles } from '#server/uploads.ts';
import {
  addGalleryImage,
  createGallery,
  deleteGallery,
  deleteGalleryImage,
  listGalleries,
  reorderGalleryImages,
  rotateGalleryImage,
  updateGallery,
  updateGalleryImage,
} from './galleries.service.ts';
import { readGallery, readPublicGalleryList } from '#server/public-content/public-content.service.ts';
import { snapshotRead } from '#server/public-content/public-snapshot.ts';

type GalleryListInput = z.output<typeof galleryListInput>;

/** ?hidden=false with no paging is the public list the snapshot holds; any other list is read from the database. */
const isPublicList = (input: GalleryListInput) => input.hidden === false && input.limit === undefined && input.page === undefined;

export const galleriesRouter = router({
  /** ?hidden=false is the public list of visible galleries; any other list is the admin's. */
  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/galleries',
        tags: ['galleries'],
        summary: 'Galleries: visible ones (hidden=false, public) or all, paged (admin)',
        protect: false,
      },
      publicSnapshot: snapshotRead((snapshot, input: GalleryListInput) => (isPublicList(input) ? snapshot.galleryList() : undefined)),
    })
    .concat(checkedInput(galleryListInput))
    .output(galleryPageSchema)
    .query(({ ctx, input }) => {
      if (input.hidden !== false) assertAccess(ctx, 'admin', 'content');
      if (isPublicList(input)) return readPublicGalleryList(ctx.deps);
      return listGalleries(ctx.deps, input);
    }),

  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/galleries/{id}',
        tags: ['galleries'],
        summary: 'A gallery with its images (a hidden one for admins only)',
        protect: false,
      },
      // A visible gallery; a hidden or unknown one runs the procedure (an admin's read, or 404).
      publicSnapshot: snapshotRead((snapshot, input: z.output<typeof idInput>) => snapshot.gallery(input.id)),
    })
    .concat(checkedInput(idInput))
    .output(gallerySchema)
    .query(({ ctx, input }) => readGallery(ctx.deps, input.id, { canSeeHidden: mayCall(ctx.user, 'content') })),

  create: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'POST', path: '/api/galleries', tags: ['galleries'], summary: 'Create a gallery' },
      rest: { successStatus: 201 },
      changesPublicContent: true,
    })
    .concat(checkedInput(galleryCreateInput))
    .output(z.object({ id: z.number().int() }))
    .mutation(({ ctx, input }) => createGallery(ctx.deps, input.name, actorOf(ctx))),

  /** POST /api/galleries/{id}: the fields and an optional cover image (multipart). */
  update: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: UPLOAD_PATHS['galleries.update'],
        tags: ['galleries'],
        summary: 'Update a gallery (name, url, hidden, cover image)',
      },
      upload: { files: { image: imageUpload('image') } },
      changesPublicContent: true,
    })
    .concat(checkedInput(galleryUpdateInput))
    .output(gallerySchema)
    .mutation(({ ctx, input }) => updateGallery(ctx.deps, input, actorOf(ctx), uploadedFiles(ctx, 'image')[0]?.path)),

  /** POST /api/galleriesimages: an image (multipart, `file`) placed last in a gallery. */
  addImage: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: UPLOAD_PATHS['galleries.addImage'],
        tags: ['galleries'],
        summary: 'Add an image to the end of a gallery',
      },
      rest: { successStatus: 201 },
      upload: { files: { file: imageUpload('file') } },
      changesPublicContent: true,
    })
    .concat(checkedInput(galleryImageUploadFields))
    .output(galleryImageSchema)
    .mutation(({ ctx, input }) => addGalleryImage(ctx.deps, input.gallery_id, uploadedFiles(ctx, 'file')[0]?.path, actorOf(ctx))),

  delete: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'DELETE',
        path: '/api/galleries/{id}',
        tags: ['galleries'],
        summary: 'Delete a gallery (to the bin with its images for BIN_KEEP_DAYS, then for good with their files)',
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(idInput))
    .output(z.void())
    .mutation(({ ctx, input }) => deleteGallery(ctx.deps, input.id, actorOf(ctx))),

  reorderImages: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: '/api/galleriesimages/order',
        tags: ['galleries'],
        summary: "Reorder a gallery's images (all of them, in one go)",
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(galleryReorderInput))
    .output(gallerySchema)
    .mutation(({ ctx, input }) => reorderGalleryImages(ctx.deps, input, actorOf(ctx))),

  updateImage: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: '/api/galleriesimages/{id}',
        tags: ['galleries'],
        summary: "Edit a gallery image's alt text and link",
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(galleryImageUpdateInput))
    .output(galleryImageSchema)
    .mutation(({ ctx, input }) => updateGalleryImage(ctx.deps, input, actorOf(ctx))),

  rotateImage: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'POST',
        path: '/api/galleriesimages/{id}/rotate',
        tags: ['galleries'],
        summary: 'Turn a gallery image 90 degrees clockwise',
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(idInput))
    .output(galleryImageSchema)
    .mutation(({ ctx, input }) => rotateGalleryImage(ctx.deps, input.id, actorOf(ctx))),

  deleteImage: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'DELETE', path: '/api/galleriesimages/{id}', tags: ['galleries'], summary: 'Delete a gallery image' },
      changesPublicContent: true,
    })
    .concat(checkedInput(idInput))
    .output(z.void())
    .mutation(({ ctx, input }) => deleteGalleryImage(ctx.deps, input.id, actorOf(ctx))),
});
