/**
 * The multipart paths with files, by the procedure that serves them. The procedure's meta takes its
 * REST path from here (its upload shape, the file parts, is in the same meta: src/server/uploads.ts)
 * and the client's upload helper (src/client/lib/upload.ts) posts to it, typed by the router.
 */
export const UPLOAD_PATHS = {
  'session.register': '/api/register',
  'session.updateProfile': '/api/user',
  'widgets.update': '/api/widgets/{x}',
  'galleries.update': '/api/galleries/{id}',
  'galleries.addImage': '/api/galleriesimages',
  'quotes.create': '/api/quote-requests',
  'repairJobs.admin.addPhotos': '/api/repair-jobs/{id}/photos',
} as const satisfies Record<string, `/${string}`>;

export type UploadProcedure = keyof typeof UPLOAD_PATHS;
