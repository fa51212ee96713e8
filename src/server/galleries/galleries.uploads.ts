import type { UploadRoute } from '#server/rest/upload-route.ts';

/** POST /api/galleries/{id} (cover image) and POST /api/galleriesimages (file, gallery_id). */
export const galleryUploadRoutes: UploadRoute[] = [];
