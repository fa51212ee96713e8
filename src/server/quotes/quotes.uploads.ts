/**
 * POST /api/quote-requests: the public quote form, multipart with up to six photos repeated under
 * `photos` (20 MB each, refused while they stream). Throttled per address before a byte of the
 * body is read, so a refused request is never stored.
 */
import { AppError } from '#server/errors.ts';
import type { FileFieldRule } from '#server/rest/multipart.ts';
import { defineUploadRoute, type UploadRoute } from '#server/rest/upload.route.ts';
import { QUOTE_PHOTO_MAX_BYTES, QUOTE_PHOTOS_MAX } from '#shared/limits.ts';
import { quoteCreatedSchema, quoteRequestFields } from '#shared/schemas/quotes.ts';
import { createQuoteRequest, QUOTE_PHOTO_MESSAGES, reserveQuoteRequest } from './quotes.service.ts';

const photosRule: FileFieldRule = {
  maxBytes: QUOTE_PHOTO_MAX_BYTES,
  tooLarge: (index) => AppError.field('photos', QUOTE_PHOTO_MESSAGES.tooLarge(index)),
  list: { maxCount: QUOTE_PHOTOS_MAX, tooMany: () => AppError.field('photos', QUOTE_PHOTO_MESSAGES.tooMany) },
};

export const quoteUploadRoutes: UploadRoute[] = [
  defineUploadRoute({
    method: 'POST',
    path: '/api/quote-requests',
    summary: 'Ask for a quote: the damage, the vehicle and up to 6 photos (repeat the photos part)',
    tags: ['quotes'],
    access: 'public',
    changesPublicContent: false,
    files: { photos: photosRule },
    fieldsSchema: quoteRequestFields,
    responseSchema: quoteCreatedSchema,
    successStatus: 201,
    beforeBody: (ctx) => reserveQuoteRequest(ctx.deps, ctx.meta.ipAddress),
    handle: (ctx, { fields, fileLists }) => createQuoteRequest(ctx.deps, fields, fileLists.photos ?? [], ctx.user?.id ?? null),
  }),
];
