// A testimonial's fields as they are stored: one rule for a save, a draft and approved feedback.
import { AppError } from '#server/errors.ts';
import { sanitizeRichText } from '#server/html/sanitize-html.ts';
import type { TestimonialFieldsInput } from '#shared/schemas/content-inputs.ts';

/** The review sanitised, and not empty once it is. */
export function cleanTestimonial(input: TestimonialFieldsInput): TestimonialFieldsInput {
  const review = sanitizeRichText(input.review);
  // A review that was nothing but markup (or a script) is as good as empty.
  if (review.replace(/<[^>]*>/g, '').trim() === '') throw AppError.field('review', 'The review field is required.');
  return { name: input.name, score: input.score, review };
}
