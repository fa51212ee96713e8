/**
 * Session procedures: the XSRF cookie, registration, sign-in (with the two-factor step) and
 * sign-out, the current user and profile, e-mail verification, and the password flows (the
 * confirmations before a protected action: session-confirmation.procedures.ts). Thin: each
 * validates with a shared schema, calls the account/ service of its flow, and writes cookies or a
 * REST status.
 * register and updateProfile take an optional CV (`meta.upload`): the REST door reads their multipart
 * bodies into the context (uploads.ts).
 */
import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import { checkedInput, countedBeforeInput, publicProcedure, router, signedInProcedure, verifiedProcedure } from '#server/trpc.ts';
import { UPLOAD_PATHS } from '#shared/upload-paths.ts';
import { uploadedFiles, type UploadMeta } from '#server/uploads.ts';
import { CV_MAX_BYTES, CV_TOO_LARGE_MESSAGE } from '#shared/limits.ts';
import { applySessionGrant, currentSessionOf, ensureSessionToken } from '#server/auth/session-cookies.ts';
import { generateSessionToken } from '#server/auth/sessions.ts';
import { userEnvelopeSchema, userSchema } from '#shared/schemas/user.ts';
import {
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  loginResultSchema,
  messageResultSchema,
  profileInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  twoFactorChallengeInputSchema,
  verifyEmailInputSchema,
} from '#shared/schemas/session.ts';
import { newPasswordChecks, profileChecks, registerChecks } from './session.input-checks.ts';
import { register, reserveRegistration } from './registration.service.ts';
import { completeTwoFactorLogin, login, logout, reserveLoginAttempt } from './sign-in.service.ts';
import { getCurrentUser, updateProfile } from './profile.service.ts';
import { changePassword, forgotPassword, reserveForgotPassword, resetPassword } from './passwords.service.ts';
import { resendVerification, verifyEmail } from './email-verification.service.ts';
import { reportThisWasntMe } from './security-alerts.service.ts';
import { emailCodeLoginInputSchema, emailCodeRequestInputSchema, thisWasntMeInputSchema } from '#shared/schemas/security.ts';
import { requestEmailCode, reserveEmailCodeAttempt, reserveEmailCodeRequest, signInWithEmailCode } from './email-codes.service.ts';
import { sessionConfirmationProcedures } from './session-confirmation.procedures.ts';
import { sessionAccountProcedures } from './session-account.procedures.ts';
import { STAFF_ROLES } from '#shared/value-sets.ts';

const tags = ['session'];

/** The CV of POST /api/register and POST /api/user: 12 MB at most, refused while it streams (the contract's 413 body). */
const cvUpload: UploadMeta = {
  files: { cvfile: { maxBytes: CV_MAX_BYTES, tooLarge: () => AppError.tooLarge('cvfile', CV_TOO_LARGE_MESSAGE) } },
};
const cvOf = (ctx: Parameters<typeof uploadedFiles>[0]) => uploadedFiles(ctx, 'cvfile')[0] ?? null;
// Optional, so the client calls these with no input at all.
const empty = z.object({}).optional();

export const sessionRouter = router({
  /** GET /sanctum/csrf-cookie: issues the session and XSRF-TOKEN cookies. */
  csrfCookie: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/sanctum/csrf-cookie', tags: ['session'], summary: 'Issue the XSRF-TOKEN cookie' },
      rest: { successStatus: 204 },
    })
    .concat(checkedInput(z.object({})))
    .output(z.void())
    .query(({ ctx }) => {
      ensureSessionToken(ctx);
    }),

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

  login: publicProcedure
    .meta({ personalAnswer: true, openapi: { method: 'POST', path: '/login', tags, summary: 'Sign in with e-mail and password' } })
    // The throttle answers before the input is validated (docs/rest-contract.md: 429 before 422).
    .use(async ({ ctx, getRawInput, next }) => {
      const raw = (await getRawInput()) as { email?: unknown } | undefined;
      return next({ ctx: { loginAttempt: await reserveLoginAttempt(ctx.deps, raw?.email, ctx.requester.ipAddress) } });
    })
    .concat(checkedInput(loginInputSchema))
    .output(loginResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { result, grant } = await login(ctx.deps, input, currentSessionOf(ctx), ctx.loginAttempt);
      applySessionGrant(ctx, grant);
      return result;
    }),

  /** "E-mail me a code": the same answer whether the address has an account or not. */
  requestEmailCode: publicProcedure
    .meta({ personalAnswer: true, openapi: { method: 'POST', path: '/login/email-code', tags, summary: 'E-mail a one-time sign-in code' } })
    .use(async ({ ctx, getRawInput, next }) => {
      const raw = (await getRawInput()) as { email?: unknown } | undefined;
      await reserveEmailCodeRequest(ctx.deps, raw?.email, ctx.requester.ipAddress);
      return next();
    })
    .concat(checkedInput(emailCodeRequestInputSchema))
    .output(messageResultSchema)
    .mutation(({ ctx, input }) => requestEmailCode(ctx.deps, input.email)),

  /** The e-mailed code in place of the password; two-factor, when on, still follows. */
  emailCodeLogin: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: { method: 'POST', path: '/login/email-code/verify', tags, summary: 'Sign in with an e-mailed code' },
    })
    // Throttled before the input is validated, as /login is.
    .use(async ({ ctx, getRawInput, next }) => {
      const raw = (await getRawInput()) as { email?: unknown } | undefined;
      return next({ ctx: { codeAttempt: await reserveEmailCodeAttempt(ctx.deps, raw?.email, ctx.requester.ipAddress) } });
    })
    .concat(checkedInput(emailCodeLoginInputSchema))
    .output(loginResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { result, grant } = await signInWithEmailCode(ctx.deps, input, currentSessionOf(ctx), ctx.codeAttempt);
      applySessionGrant(ctx, grant);
      return result;
    }),

  twoFactorChallenge: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: { method: 'POST', path: '/two-factor-challenge', tags, summary: 'Finish a sign-in with a two-factor or recovery code' },
      rest: { successStatus: 204 },
    })
    .concat(checkedInput(twoFactorChallengeInputSchema))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      applySessionGrant(ctx, await completeTwoFactorLogin(ctx.deps, input, currentSessionOf(ctx)));
    }),

  logout: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/logout', tags, summary: 'Sign out (every session of the user)' },
      rest: { successStatus: 204 },
    })
    .concat(checkedInput(empty))
    .output(z.void())
    .mutation(async ({ ctx }) => {
      await logout(ctx.deps, ctx.user.id);
      // A fresh guest token, so the next sign-in from this page needs no new XSRF cookie.
      applySessionGrant(ctx, { token: generateSessionToken(), remember: false });
    }),

  me: signedInProcedure
    .meta({ openapi: { method: 'GET', path: '/api/user', tags, summary: 'The signed-in user' } })
    .concat(checkedInput(empty))
    .output(userEnvelopeSchema)
    .query(({ ctx }) => getCurrentUser(ctx.deps, ctx.user.id)),

  /**
   * The client's session probe: `{ data: null }` when signed out, so a signed-out visit logs no
   * 401 in the browser's console. Third parties keep GET /api/user and its 401 (session.me).
   */
  current: publicProcedure
    .meta({ personalAnswer: true })
    .concat(checkedInput(empty))
    // tRPC only (no REST path): the staff role tells the admin menu which screens to show.
    .output(z.object({ data: userSchema.extend({ staff_role: z.enum(STAFF_ROLES).nullable() }).nullable() }))
    .query(async ({ ctx }) => {
      if (!ctx.user) return { data: null };
      const { data } = await getCurrentUser(ctx.deps, ctx.user.id);
      return { data: { ...data, staff_role: ctx.user.staff_role } };
    }),

  updateProfile: verifiedProcedure
    .meta({
      openapi: { method: 'POST', path: UPLOAD_PATHS['session.updateProfile'], tags, summary: 'Update the profile (optional CV in cvfile)' },
      upload: cvUpload,
    })
    .concat(checkedInput(profileInputSchema, profileChecks))
    .output(userEnvelopeSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user.id, input, cvOf(ctx), ctx.requester)),

  forgotPassword: publicProcedure
    .meta({ personalAnswer: true, openapi: { method: 'POST', path: '/forgot-password', tags, summary: 'E-mail a password reset link' } })
    .use(countedBeforeInput(reserveForgotPassword))
    .concat(checkedInput(forgotPasswordInputSchema))
    .output(messageResultSchema)
    .mutation(({ ctx, input }) => forgotPassword(ctx.deps, input.email)),

  resetPassword: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: { method: 'POST', path: '/reset-password', tags, summary: 'Choose a new password with a reset token' },
    })
    .concat(checkedInput(resetPasswordInputSchema, newPasswordChecks))
    .output(messageResultSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.requester)),

  /** The "this wasn't me" link of a security e-mail: signs the account out everywhere and e-mails a reset link. */
  thisWasntMe: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/security/this-wasnt-me',
        tags,
        summary: "From a security e-mail's link: sign the account out everywhere and e-mail a password reset link",
      },
    })
    .concat(checkedInput(thisWasntMeInputSchema))
    .output(messageResultSchema)
    .mutation(({ ctx, input }) => reportThisWasntMe(ctx.deps, input.token, ctx.requester.ipAddress)),

  resendVerification: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/email/verification-notification', tags, summary: 'Send the verification e-mail again' },
      rest: { successStatus: 202 },
    })
    .concat(checkedInput(empty))
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

  ...sessionConfirmationProcedures,

  changePassword: verifiedProcedure
    .meta({ openapi: { method: 'PUT', path: '/user/password', tags, summary: 'Change the password' } })
    .concat(checkedInput(changePasswordInputSchema, newPasswordChecks))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.deps, ctx.user.id, ctx.sessionToken, input, ctx.requester);
    }),

  ...sessionAccountProcedures,
});
