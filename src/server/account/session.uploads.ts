/**
 * POST /api/register and POST /api/user: multipart (or JSON) with an optional CV in `cvfile`,
 * limited to 12 MB while it streams (docs/rest-contract.md's 413 body). They call the same service as the
 * session.register and session.updateProfile procedures.
 */
import { AppError } from '#server/errors.ts';
import type { FileFieldRule, UploadedFile } from '#server/rest/multipart.ts';
import { defineUploadRoute, type UploadRoute } from '#server/rest/upload.route.ts';
import { validateWithChecks } from '#server/validation/input-checks.ts';
import { CV_MAX_BYTES, CV_TOO_LARGE_MESSAGE } from '#shared/limits.ts';
import { profileInputSchema, registerInputSchema } from '#shared/schemas/session.ts';
import { userEnvelopeSchema } from '#shared/schemas/user.ts';
import { z } from 'zod';
import { applySessionGrant, currentSessionOf } from '#server/auth/session-cookies.ts';
import type { CvUpload } from '#server/files/cv.ts';
import { profileChecks, registerChecks } from './session.input-checks.ts';
import { register, reserveRegistration } from './registration.service.ts';
import { updateProfile } from './profile.service.ts';

const cvRule: FileFieldRule = {
  maxBytes: CV_MAX_BYTES,
  tooLarge: () => AppError.tooLarge('cvfile', CV_TOO_LARGE_MESSAGE),
};

function cvOf(files: Record<string, UploadedFile>): CvUpload | null {
  const file = files.cvfile;
  return file ? { path: file.path, filename: file.filename, size: file.size } : null;
}

/** The schemas of the plain fields, for the OpenAPI document (refinements live in the real schemas). */
const registerFields = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});

export const sessionUploadRoutes: UploadRoute[] = [
  defineUploadRoute({
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account and sign in (optional CV in cvfile)',
    tags: ['session'],
    access: 'public',
    changesPublicContent: false,
    files: { cvfile: cvRule },
    fieldsSchema: registerFields,
    responseSchema: z.literal(''),
    successStatus: 201,
    beforeBody: (ctx) => reserveRegistration(ctx.deps, ctx.meta.ipAddress),
    async handle(ctx, input) {
      const fields = await validateWithChecks(ctx, registerInputSchema, input.fields, registerChecks);
      applySessionGrant(ctx, await register(ctx.deps, fields, cvOf(input.files), currentSessionOf(ctx)));
      return undefined;
    },
  }),
  defineUploadRoute({
    method: 'POST',
    path: '/api/user',
    summary: 'Update the profile (optional CV in cvfile)',
    tags: ['session'],
    access: 'verified',
    changesPublicContent: false,
    files: { cvfile: cvRule },
    fieldsSchema: profileInputSchema,
    responseSchema: userEnvelopeSchema,
    async handle(ctx, input) {
      const fields = await validateWithChecks(ctx, profileInputSchema, input.fields, profileChecks);
      return updateProfile(ctx.deps, ctx.user!.id, fields, cvOf(input.files));
    },
  }),
];
