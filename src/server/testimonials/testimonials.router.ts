// Testimonials: the public list for the carousel; everything else for admins.
import { z } from 'zod';
import { adminProcedure, checkedInput, publicProcedure, router } from '#server/trpc.ts';
import { testimonialPageSchema, testimonialSchema } from '#shared/schemas/content.ts';
import { idInput, testimonialFieldsInput, testimonialListInput, testimonialUpdateInput } from '#shared/schemas/content-inputs.ts';
import { readTestimonials } from '#server/public-content/public-content.service.ts';
import { snapshotRead } from '#server/public-content/public-snapshot.ts';
import { actorOf } from '#server/activity/actor.ts';
import { createTestimonial, deleteTestimonial, getTestimonial, updateTestimonial } from './testimonials.service.ts';

export const testimonialsRouter = router({
  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/testimonials',
        tags: ['testimonials'],
        summary: 'Testimonials, newest first (zero-based pages)',
        protect: false,
      },
      publicSnapshot: snapshotRead((snapshot, input: z.output<typeof testimonialListInput>) =>
        snapshot.testimonials(input.page, input.limit),
      ),
    })
    .concat(checkedInput(testimonialListInput))
    .output(testimonialPageSchema)
    .query(({ ctx, input }) => readTestimonials(ctx.deps, input)),

  get: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'GET', path: '/api/testimonials/{id}', tags: ['testimonials'], summary: 'A testimonial' },
    })
    .concat(checkedInput(idInput))
    .output(testimonialSchema)
    .query(({ ctx, input }) => getTestimonial(ctx.deps, input.id)),

  create: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'POST', path: '/api/testimonials', tags: ['testimonials'], summary: 'Create a testimonial' },
      rest: { successStatus: 201 },
      changesPublicContent: true,
    })
    .concat(checkedInput(testimonialFieldsInput))
    .output(testimonialSchema)
    .mutation(({ ctx, input }) => createTestimonial(ctx.deps, input, actorOf(ctx))),

  update: adminProcedure
    .meta({
      permission: 'content',
      openapi: { method: 'POST', path: '/api/testimonials/{id}', tags: ['testimonials'], summary: 'Update a testimonial' },
      changesPublicContent: true,
    })
    .concat(checkedInput(testimonialUpdateInput))
    .output(testimonialSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...fields } = input;
      return updateTestimonial(ctx.deps, id, fields, actorOf(ctx));
    }),

  delete: adminProcedure
    .meta({
      permission: 'content',
      openapi: {
        method: 'DELETE',
        path: '/api/testimonials/{id}',
        tags: ['testimonials'],
        summary: 'Delete a testimonial (moves it to the bin for BIN_KEEP_DAYS)',
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(idInput))
    .output(z.void())
    .mutation(({ ctx, input }) => deleteTestimonial(ctx.deps, input.id, actorOf(ctx))),
});
