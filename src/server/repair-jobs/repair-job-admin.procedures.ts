// The admin's repair-job procedures (docs/rest-contract.md "Repair jobs"): the board, a job's
// page, its photos and the stage list. The repair jobs router mounts them under `admin`
// (`repairJobs.admin.board`).
import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import { uploadedFiles, type UploadMeta } from '#server/uploads.ts';
import { quotePhotoChecks } from '#server/quotes/quotes.input-checks.ts';
import { UPLOAD_PATHS } from '#shared/upload-paths.ts';
import { QUOTE_PHOTO_MAX_BYTES, REPAIR_PHOTOS_PER_UPLOAD } from '#shared/limits.ts';
import { QUOTE_PHOTO_MESSAGES } from '#shared/schemas/quotes.ts';
import {
  repairBoardSchema,
  repairJobCreateInput,
  repairJobDateInput,
  repairJobDetailSchema,
  repairJobIdInput,
  repairJobMoveInput,
  repairJobNoteInput,
  repairPhotoShareInput,
  repairPhotoUploadInput,
  repairStageCreateInput,
  repairStageIdInput,
  repairStageOrderInput,
  repairStageRenameInput,
  repairStagesSchema,
} from '#shared/schemas/repair-jobs.ts';
import {
  addRepairNote,
  changePromisedDate,
  getRepairBoard,
  getRepairJob,
  moveRepairJob,
  revokeTrackerLink,
  shareRepairPhoto,
} from './repair-jobs.service.ts';
import { createRepairJob } from './repair-job-opening.service.ts';
import { addRepairStage, listRepairStages, removeRepairStage, renameRepairStage, reorderRepairStages } from './repair-stages.service.ts';
import { addRepairPhotos } from './repair-photos.service.ts';

/** As strict as the quote photos: up to six under `photos`, 20 MB each, refused while they stream. */
const photosUpload: UploadMeta = {
  files: {
    photos: {
      maxBytes: QUOTE_PHOTO_MAX_BYTES,
      tooLarge: (index) => AppError.field('photos', QUOTE_PHOTO_MESSAGES.tooLarge(index)),
      list: { maxCount: REPAIR_PHOTOS_PER_UPLOAD, tooMany: () => AppError.field('photos', QUOTE_PHOTO_MESSAGES.tooMany) },
    },
  },
};

const tags = ['repair jobs'];
// The job page and the board carry customers' details and signed photo links: no cache keeps them.
const admin = adminProcedure;

export const repairJobAdminRouter = router({
  board: admin
    .meta({
      permission: 'repairs.work',
      openapi: { method: 'GET', path: '/api/repair-jobs', tags, summary: 'The open repair jobs and the stages, in order' },
    })
    .concat(checkedInput(z.object({})))
    .output(repairBoardSchema)
    .query(({ ctx }) => getRepairBoard(ctx.deps)),

  create: admin
    .meta({
      permission: 'repairs.manage',
      openapi: {
        method: 'POST',
        path: '/api/repair-jobs',
        tags,
        summary: 'Open a repair job from a quote request or a booking (prefilled from it) or for a walk-in; e-mails the tracker link',
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(repairJobCreateInput))
    .output(repairJobDetailSchema)
    .mutation(({ ctx, input }) => createRepairJob(ctx.deps, input)),

  get: admin
    .meta({
      permission: 'repairs.work',
      openapi: { method: 'GET', path: '/api/repair-jobs/{id}', tags, summary: 'A repair job: timeline, photos, notes, messages' },
    })
    .concat(checkedInput(repairJobIdInput))
    .output(repairJobDetailSchema)
    .query(({ ctx, input }) => getRepairJob(ctx.deps, input.id)),

  move: admin
    .meta({
      permission: 'repairs.work',
      openapi: { method: 'POST', path: '/api/repair-jobs/{id}/stage', tags, summary: 'Move a repair job to a stage' },
    })
    .concat(checkedInput(repairJobMoveInput))
    .output(repairJobDetailSchema)
    .mutation(({ ctx, input }) => moveRepairJob(ctx.deps, input)),

  changePromisedDate: admin
    .meta({
      permission: 'repairs.manage',
      openapi: {
        method: 'POST',
        path: '/api/repair-jobs/{id}/promised-date',
        tags,
        summary: 'Move the promised-ready date, with the reason the customer reads',
      },
    })
    .concat(checkedInput(repairJobDateInput))
    .output(repairJobDetailSchema)
    .mutation(({ ctx, input }) => changePromisedDate(ctx.deps, input)),

  addNote: admin
    .meta({
      permission: 'repairs.work',
      openapi: { method: 'POST', path: '/api/repair-jobs/{id}/notes', tags, summary: 'Add a private staff note' },
    })
    .concat(checkedInput(repairJobNoteInput))
    .output(repairJobDetailSchema)
    .mutation(({ ctx, input }) => addRepairNote(ctx.deps, input, ctx.user.id)),

  addPhotos: admin
    .meta({
      permission: 'repairs.work',
      openapi: {
        method: 'POST',
        path: UPLOAD_PATHS['repairJobs.admin.addPhotos'],
        tags,
        summary: 'Upload progress photos (up to 6, repeat the photos part); not shown to the customer until shared',
      },
      rest: { successStatus: 201 },
      upload: photosUpload,
    })
    .concat(checkedInput(repairPhotoUploadInput, quotePhotoChecks))
    .output(repairJobDetailSchema)
    .mutation(async ({ ctx, input }) => {
      await addRepairPhotos(ctx.deps, input.id, uploadedFiles(ctx, 'photos'));
      return getRepairJob(ctx.deps, input.id);
    }),

  sharePhoto: admin
    .meta({
      permission: 'repairs.work',
      openapi: { method: 'PATCH', path: '/api/repair-jobs/{id}/photos/{photo_id}', tags, summary: 'Show a photo to the customer, or stop' },
    })
    .concat(checkedInput(repairPhotoShareInput))
    .output(repairJobDetailSchema)
    .mutation(({ ctx, input }) => shareRepairPhoto(ctx.deps, input)),

  revokeTracker: admin
    .meta({
      permission: 'repairs.manage',
      openapi: {
        method: 'DELETE',
        path: '/api/repair-jobs/{id}/tracker',
        tags,
        summary: 'Revoke the tracker link: it stops working at once',
      },
    })
    .concat(checkedInput(repairJobIdInput))
    .output(repairJobDetailSchema)
    .mutation(({ ctx, input }) => revokeTrackerLink(ctx.deps, input.id)),

  listStages: adminProcedure
    .meta({
      permission: 'repairs.work',
      openapi: { method: 'GET', path: '/api/repair-stages', tags, summary: 'The repair stages, in order' },
    })
    .concat(checkedInput(z.object({})))
    .output(repairStagesSchema)
    .query(({ ctx }) => listRepairStages(ctx.deps)),

  addStage: adminProcedure
    .meta({
      permission: 'repairs.manage',
      openapi: { method: 'POST', path: '/api/repair-stages', tags, summary: 'Add a stage (before Collected)' },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(repairStageCreateInput))
    .output(repairStagesSchema)
    .mutation(({ ctx, input }) => addRepairStage(ctx.deps, input.name)),

  renameStage: adminProcedure
    .meta({ permission: 'repairs.manage', openapi: { method: 'PATCH', path: '/api/repair-stages/{id}', tags, summary: 'Rename a stage' } })
    .concat(checkedInput(repairStageRenameInput))
    .output(repairStagesSchema)
    .mutation(({ ctx, input }) => renameRepairStage(ctx.deps, input.id, input.name)),

  removeStage: adminProcedure
    .meta({
      permission: 'repairs.manage',
      openapi: { method: 'DELETE', path: '/api/repair-stages/{id}', tags, summary: 'Remove a stage no job is at (not Collected)' },
    })
    .concat(checkedInput(repairStageIdInput))
    .output(repairStagesSchema)
    .mutation(({ ctx, input }) => removeRepairStage(ctx.deps, input.id)),

  reorderStages: adminProcedure
    .meta({
      permission: 'repairs.manage',
      openapi: { method: 'PUT', path: '/api/repair-stages/order', tags, summary: 'Put the stages in a new order (every id once)' },
    })
    .concat(checkedInput(repairStageOrderInput))
    .output(repairStagesSchema)
    .mutation(({ ctx, input }) => reorderRepairStages(ctx.deps, input)),
});
