/**
 * The testimonial as a content kind (versions/content-kind.ts): how its history, drafts, bin and
 * preview read and write it.
 */
import { recordActivity } from '#server/activity/record-activity.ts';
import type { ContentKindAdapter } from '#server/versions/content-kind.ts';
import { forgetItemHistory } from '#server/versions/version-keeping.ts';
import type { DraftSaveInput, TestimonialVersionData } from '#shared/schemas/versions.ts';
import { cleanTestimonial } from './testimonial-fields.ts';
import * as repo from './testimonials.repository.ts';

export const testimonialContentKind = {
  kind: 'testimonial',
  label: (state) => (state as TestimonialVersionData | undefined)?.name ?? null,
  async read(db, id) {
    const row = await repo.findTestimonial(db, id);
    return row && { name: row.name, score: row.score, review: row.review };
  },
  lock: async (db, id) => (await repo.lockTestimonial(db, id)) !== undefined,
  async writeBack(db, id, data) {
    await repo.updateTestimonialRow(db, id, data as TestimonialVersionData);
    return [];
  },
  imagesOf: () => [],
  bin: {
    list: async (db, page) => (await repo.listBinnedTestimonials(db, page)).map((row) => ({ ...row, imageCount: null })),
    idsBinnedBefore: repo.listTestimonialIdsBinnedBefore,
    isBinned: repo.isTestimonialBinned,
    restore: async (trx, id) => (await repo.unbinTestimonial(trx, id))?.name,
    async purge(deps, id, actor) {
      return deps.db.transaction().execute(async (trx) => {
        const row = await repo.deleteBinnedTestimonial(trx, id);
        if (!row) return false;
        await forgetItemHistory(trx, 'testimonial', id);
        await recordActivity(trx, { actor, kind: 'bin-purged', item: { type: 'testimonial', id, label: row.name } });
        return true;
      });
    },
  },
  draft: {
    fromInput(draftInput) {
      const input = draftInput as Extract<DraftSaveInput, { kind: 'testimonial' }>;
      return cleanTestimonial({ name: input.name, score: input.score, review: input.review });
    },
    overlay: (drafts) => ({
      testimonial(testimonial) {
        const draft = drafts.get(testimonial.id) as TestimonialVersionData | undefined;
        return draft ? { ...testimonial, name: draft.name, score: draft.score, review: draft.review } : testimonial;
      },
    }),
  },
} satisfies ContentKindAdapter;
