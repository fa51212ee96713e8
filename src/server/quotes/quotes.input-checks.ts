/**
 * The quote form's photos, reported with the fields' messages when the fields are refused
 * (quotes.router.ts, through parseInput), so one 422 names every problem. When the fields pass,
 * createQuoteRequest checks them again as it renders them for keeps.
 */
import type { InputCheck } from '#server/validation/parse-input.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { uploadedFiles } from '#server/uploads.ts';
import { renderQuotePhotos } from './quote-submission.service.ts';

export const quotePhotoChecks: InputCheck = async (ctx): Promise<FieldErrors> => {
  const { errors } = await renderQuotePhotos(uploadedFiles(ctx, 'photos'));
  return errors.length ? { photos: errors } : {};
};
