// Testimonials: customer reviews shown in the public carousel; the review is sanitised rich text.
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { Testimonial } from '#shared/schemas/content.ts';
import type { TestimonialFieldsInput } from '#shared/schemas/content-inputs.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { type Actor } from '#server/activity/actor.ts';
import * as repo from './testimonials.repository.ts';
import type { TestimonialRecord } from './testimonials.repository.ts';
import { keepVersion, withVersion } from '#server/versions/version-keeping.ts';
import { cleanTestimonial } from './testimonial-fields.ts';
import { testimonialContentKind } from './testimonial.content-kind.ts';

type Deps = Pick<AppDeps, 'db'>;

function presentTestimonial(row: TestimonialRecord): Testimonial {
  return { id: row.id, name: row.name, score: row.score, review: row.review, created_at: row.created_at.toISOString() };
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
  const id = await deps.db.transaction().execute((trx) => createTestimonialIn(trx, input, actor));
  return getTestimonial(deps, id);
}

/**
 * createTestimonial's work inside the caller's transaction (approving feedback makes its
 * testimonial in the approval's): the fields cleaned, the row, its first version and the activity
 * entry. Returns the new id.
 */
export async function createTestimonialIn(
  trx: Kysely<Database>,
  input: TestimonialFieldsInput,
  actor: Actor,
  details = 'created',
): Promise<number> {
  const values = cleanTestimonial(input);
  const testimonialId = await repo.insertTestimonial(trx, values);
  await keepVersion(trx, testimonialContentKind, testimonialId, actor.userId);
  await recordActivity(trx, {
    actor,
    kind: 'content-saved',
    item: { type: 'testimonial', id: testimonialId, label: values.name },
    details,
  });
  return testimonialId;
}

export async function updateTestimonial(deps: Deps, id: number, input: TestimonialFieldsInput, actor: Actor): Promise<Testimonial> {
  const values = cleanTestimonial(input);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockTestimonial(trx, id))) throw AppError.notFound();
    // Every save keeps a version, in the save's transaction.
    await withVersion(trx, testimonialContentKind, id, actor.userId, () => repo.updateTestimonialRow(trx, id, values));
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
