// Testimonials: customer reviews shown in the public carousel; the review is sanitised rich text.
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { sanitizeRichText } from '#server/html/sanitize-html.ts';
import type { Testimonial } from '#shared/schemas/content.ts';
import type { TestimonialFieldsInput } from '#shared/schemas/content-inputs.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { type Actor } from '#server/activity/actor.ts';
import * as repo from './testimonials.repository.ts';
import type { TestimonialRecord } from './testimonials.repository.ts';
import { forgetItemHistory, keepVersion, withVersion } from '#server/versions/versions.service.ts';

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

export async function createTestimonial(deps: Deps, input: TestimonialFieldsInput, actor: Actor): Promise<Testimonial> {
  const values = clean(input);
  const id = await deps.db.transaction().execute(async (trx) => {
    const testimonialId = await repo.insertTestimonial(trx, values);
    await keepVersion(trx, 'testimonial', testimonialId, actor.userId);
    await recordActivity(trx, {
      actor,
      kind: 'content-saved',
      item: { type: 'testimonial', id: testimonialId, label: values.name },
      details: 'created',
    });
    return testimonialId;
  });
  return getTestimonial(deps, id);
}

export async function updateTestimonial(deps: Deps, id: number, input: TestimonialFieldsInput, actor: Actor): Promise<Testimonial> {
  const values = clean(input);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockTestimonial(trx, id))) throw AppError.notFound();
    // Every save keeps a version (issue 27), in the save's transaction.
    await withVersion(trx, 'testimonial', id, actor.userId, () => repo.updateTestimonialRow(trx, id, values));
    await recordActivity(trx, { actor, kind: 'content-saved', item: { type: 'testimonial', id, label: values.name } });
  });
  return getTestimonial(deps, id);
}

/** Moves the testimonial to the bin (bin/bin.service.ts restores it whole or deletes it for good). */
export async function deleteTestimonial(deps: Deps, id: number, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.binTestimonial(trx, id, actor.userId);
    if (!row) throw AppError.notFound();
    await recordActivity(trx, { actor, kind: 'content-deleted', item: { type: 'testimonial', id, label: row.name } });
  });
}

/** Deletes a binned testimonial for good; false when it is not in the bin (any more). */
export async function purgeBinnedTestimonial(deps: Deps, id: number, actor: Actor): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.deleteBinnedTestimonial(trx, id);
    if (!row) return false;
    await forgetItemHistory(trx, 'testimonial', id);
    await recordActivity(trx, { actor, kind: 'bin-purged', item: { type: 'testimonial', id, label: row.name } });
    return true;
  });
}
