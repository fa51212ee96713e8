/**
 * The quote form's rules that zod cannot always report, joined to the fields' messages when the
 * fields are refused (quotes.router.ts, through parseInput), so one 422 names every problem:
 *
 * - the photos; when the fields pass, createQuoteRequest checks them again as it renders them;
 * - the telephone when the customer asks to be called: the schema's refinement is skipped once
 *   another field is refused outright (an empty name), so it is read here from the raw input too.
 */
import type { InputCheck } from '#server/validation/parse-input.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { telephoneRequiredError } from '#shared/schemas/quotes.ts';
import { uploadedFiles } from '#server/uploads.ts';
import { renderQuotePhotos } from './quote-submission.service.ts';

export const quotePhotoChecks: InputCheck = async (ctx): Promise<FieldErrors> => {
  const { errors } = await renderQuotePhotos(uploadedFiles(ctx, 'photos'));
  return errors.length ? { photos: errors } : {};
};

export const quoteTelephoneCheck: InputCheck = async (_ctx, raw): Promise<FieldErrors> => {
  const message = telephoneRequiredError(raw);
  return message ? { telephone: [message] } : {};
};
