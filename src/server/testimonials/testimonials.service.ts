// Testimonials: customer reviews shown in the public carousel; the review is sanitised rich text.
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { sanitizeRichText } from '#server/html/sanitize-html.ts';
import type { Testimonial } from '#shared/schemas/content.ts';
import type { TestimonialFieldsInput } from '#shared/schemas/content-inputs.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import * as repo from './testimonials.repository.ts';
import type { TestimonialRecord } from './testimonials.repository.ts';
import { keepVersion, withVersion, type Author } from '#server/versions/versions.service.ts';

type Deps = Pick<AppDeps, 'db'>;

function presentTestimonial(row: TestimonialRecord): Testimonial {
  return { id: row.id, name: row.name, score: row.score, review: row.review, created_at: row.created_at.toISOString() };
}

/** The fields as they are stored: the review sanitised, and not empty once it is (a draft is cleaned the same). */
export function clean(input: TestimonialFieldsInput): TestimonialFieldsInput {
  const review = sanitizeRichText(input.review);
  // A review that was nothing but markup (or a script) is as good as empty.
  if (review.replace(/<[^>]*>/g, '').trim() === '') throw AppError.field('review', 'The review field is required.');
  return { name: input.name, score: input.score, review };
}

export async function listTestimonials(deps: Deps, input: { limit?: number | undefined; page?: number | undefined }) {
  const limit = input.limit ?? ADMIN_PAGE_SIZE;
  const page = input.page ?? 0;
  const [rows, total] = await Promise.all([repo.listTestimonials(deps.db, limit, page * limit), repo.countTestimonials(deps.db)]);
  return { results: rows.map(presentTestimonial), total };
}

export async function getTestimonial(deps: Deps, id: number): Promise<Testimonial> {
  const row = await repo.findTestimonial(deps.db, id);
  if (!row) throw AppError.notFound();
  return presentTestimonial(row);
}

export async function createTestimonial(deps: Deps, input: TestimonialFieldsInput, author: Author = null): Promise<Testimonial> {
  const values = clean(input);
  const id = await deps.db.transaction().execute(async (trx) => {
    const testimonialId = await repo.insertTestimonial(trx, values);
    await keepVersion(trx, 'testimonial', testimonialId, author);
    return testimonialId;
  });
  return getTestimonial(deps, id);
}

export async function updateTestimonial(
  deps: Deps,
  id: number,
  input: TestimonialFieldsInput,
  author: Author = null,
): Promise<Testimonial> {
  const values = clean(input);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockTestimonial(trx, id))) throw AppError.notFound();
    await withVersion(trx, 'testimonial', id, author, () => repo.updateTestimonialRow(trx, id, values));
  });
  return getTestimonial(deps, id);
}

export async function deleteTestimonial(deps: Deps, id: number): Promise<void> {
  if (!(await repo.deleteTestimonialRow(deps.db, id))) throw AppError.notFound();
}
