import type { UploadRoute } from '#server/rest/upload-route.ts';

/** POST /api/register and POST /api/user (multipart with an optional cvfile). */
export const sessionUploadRoutes: UploadRoute[] = [];
