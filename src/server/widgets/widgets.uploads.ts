import type { UploadRoute } from '#server/rest/upload-route.ts';

/** POST /api/widgets/{id} (multipart with an optional image). */
export const widgetUploadRoutes: UploadRoute[] = [];
