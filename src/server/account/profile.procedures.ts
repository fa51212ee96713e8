/**
 * The account itself (docs/rest-contract.md "Session"): registering, the signed-in user and the
 * session probe, the profile, and e-mail verification; part of the session router (session.router.ts).
 * register and updateProfile take an optional CV (`meta.upload`): the REST door reads their multipart
 * bodies into the context (uploads.ts).
 */
import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import { checkedInput, countedBeforeInput, publicProcedure, signedInProcedure, verifiedProcedure } from '#server/trpc.ts';
import { UPLOAD_PATHS } from '#shared/upload-paths.ts';
import { uploadedFiles, type UploadMeta } from '#server/uploads.ts';
import { CV_MAX_BYTES, CV_TOO_LARGE_MESSAGE } from '#shared/limits.ts';
import { applySessionGrant, currentSessionOf } from '#server/auth/session-cookies.ts';
import { userEnvelopeSchema, userSchema } from '#shared/schemas/user.ts';
import { profileInputSchema, registerInputSchema, verifyEmailInputSchema } from '#shared/schemas/session.ts';
import { profileChecks, registerChecks } from './session.input-checks.ts';
import { register, reserveRegistration } from './registration.service.ts';
import { getCurrentUser, updateProfile } from './profile.service.ts';
import { resendVerification, verifyEmail } from './email-verification.service.ts';
import { noInput, tags } from './session-procedure-parts.ts';

/** The CV of POST /api/register and POST /api/user: 12 MB at most, refused while it streams (the contract's 413 body). */
const cvUpload: UploadMeta = {
  files: { cvfile: { maxBytes: CV_MAX_BYTES, tooLarge: () => AppError.tooLarge('cvfile', CV_TOO_LARGE_MESSAGE) } },
};
const cvOf = (ctx: Parameters<typeof uploadedFiles>[0]) => uploadedFiles(ctx, 'cvfile')[0] ?? null;

export const profileProcedures = {
  register: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: UPLOAD_PATHS['session.register'],
        tags,
        summary: 'Create an account and sign in (optional CV in cvfile)',
        protect: false,
      },
      rest: { successStatus: 201 },
      upload: cvUpload,
    })
    .use(countedBeforeInput(reserveRegistration))
    .concat(checkedInput(registerInputSchema, ...registerChecks))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      applySessionGrant(ctx, await register(ctx.deps, input, cvOf(ctx), currentSessionOf(ctx)));
    }),

  me: signedInProcedure
    .meta({ openapi: { method: 'GET', path: '/api/user', tags, summary: 'The signed-in user' } })
    .concat(checkedInput(noInput))
    .output(userEnvelopeSchema)
    .query(({ ctx }) => getCurrentUser(ctx.deps, ctx.user.id)),

  /**
   * The client's session probe: `{ data: null }` when signed out, so a signed-out visit logs no
   * 401 in the browser's console. Third parties keep GET /api/user and its 401 (session.me).
   */
  current: publicProcedure
    .meta({ personalAnswer: true })
    .concat(checkedInput(noInput))
    .output(z.object({ data: userSchema.nullable() }))
    .query(({ ctx }) => (ctx.user ? getCurrentUser(ctx.deps, ctx.user.id) : { data: null })),

  updateProfile: verifiedProcedure
    .meta({
      openapi: { method: 'POST', path: UPLOAD_PATHS['session.updateProfile'], tags, summary: 'Update the profile (optional CV in cvfile)' },
      upload: cvUpload,
    })
    .concat(checkedInput(profileInputSchema, profileChecks))
    .output(userEnvelopeSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user.id, input, cvOf(ctx), ctx.meta)),

  resendVerification: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/email/verification-notification', tags, summary: 'Send the verification e-mail again' },
      rest: { successStatus: 202 },
    })
    .concat(checkedInput(noInput))
    .output(z.void())
    .mutation(async ({ ctx }) => {
      const outcome = await resendVerification(ctx.deps, ctx.user.id);
      if (outcome === 'already-verified') ctx.http.setStatus(204);
    }),

  verifyEmail: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: { method: 'GET', path: '/email/verify/{id}/{hash}', tags, summary: 'Verify the e-mail address from the signed link' },
      rest: { successStatus: 204 },
    })
    .concat(checkedInput(verifyEmailInputSchema))
    .output(z.void())
    .query(async ({ ctx, input }) => {
      if (!ctx.user) {
        if (ctx.http.wantsJson) throw AppError.unauthenticated();
        // A browser opened the e-mail's link while signed out: the sign-in page, as Laravel does.
        ctx.http.setHeader('location', '/login');
        ctx.http.setStatus(302);
        return;
      }
      await verifyEmail(ctx.deps, ctx.user.id, input);
      if (!ctx.http.wantsJson) {
        ctx.http.setHeader('location', '/account?verified=1');
        ctx.http.setStatus(302);
      }
    }),
};
