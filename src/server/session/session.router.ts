/**
 * Session procedures: the XSRF cookie, registration, sign-in (with the two-factor step) and
 * sign-out, the current user and profile, e-mail verification, and the password flows. Thin: each
 * validates with a shared schema, calls session.service, and writes cookies or a REST status.
 * register and updateProfile have no openapi meta because their REST paths are upload routes
 * (session.uploads.ts) that call the same service.
 */
import { z } from 'zod';
import type { RequestContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { publicProcedure, router, signedInProcedure, verifiedProcedure, withInputChecks } from '#server/trpc.ts';
import { ensureSessionToken, writeSessionCookies } from '#server/auth/session-cookies.ts';
import { generateSessionToken } from '#server/auth/sessions.ts';
import { userEnvelopeSchema } from '#shared/schemas/user.ts';
import {
  changePasswordInputSchema,
  confirmedPasswordStatusSchema,
  confirmPasswordInputSchema,
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
import { uniqueEmail } from '#server/validation/unique-email.ts';
import * as service from './session.service.ts';

const tags = ['session'];
// Optional, so the client calls these with no input at all.
const empty = z.object({}).optional();

export function currentSessionOf(ctx: RequestContext): service.CurrentSession {
  return { token: ctx.sessionToken, sessionId: ctx.session?.id ?? null, meta: ctx.meta };
}

/** Points the response (and the rest of this request) at the rotated session. */
export function applySessionGrant(ctx: RequestContext, grant: service.SessionGrant): void {
  ctx.sessionToken = grant.token;
  writeSessionCookies(ctx, grant.token, grant.remember);
}

/**
 * The database rules of registration and the profile, reported with zod's messages when the
 * input is invalid (procedures below and session.uploads.ts); the service checks them again.
 */
export const registerChecks = uniqueEmail();
export const profileChecks = uniqueEmail((ctx) => ctx.user?.id ?? null);

export const sessionRouter = router({
  /** GET /sanctum/csrf-cookie: issues the session and XSRF-TOKEN cookies. */
  csrfCookie: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/sanctum/csrf-cookie', tags: ['session'], summary: 'Issue the XSRF-TOKEN cookie' },
      rest: { successStatus: 204 },
    })
    .input(z.object({}))
    .output(z.void())
    .query(({ ctx }) => {
      ensureSessionToken(ctx);
    }),

  /** REST: POST /api/register (upload route). */
  register: publicProcedure
    .use(withInputChecks(registerInputSchema, registerChecks))
    .input(registerInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      applySessionGrant(ctx, await service.register(ctx.deps, input, null, currentSessionOf(ctx)));
      ctx.http.setStatus(201);
    }),

  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/login', tags, summary: 'Sign in with e-mail and password' } })
    // The throttle answers before the input is validated (CONTRACT.md: 429 before 422).
    .use(async ({ ctx, getRawInput, next }) => {
      const raw = (await getRawInput()) as { email?: unknown } | undefined;
      await service.assertLoginNotThrottled(ctx.deps, raw?.email, ctx.meta.ipAddress);
      return next();
    })
    .input(loginInputSchema)
    .output(loginResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { result, grant } = await service.login(ctx.deps, input, currentSessionOf(ctx));
      applySessionGrant(ctx, grant);
      return result;
    }),

  twoFactorChallenge: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/two-factor-challenge', tags, summary: 'Finish a sign-in with a two-factor or recovery code' },
      rest: { successStatus: 204 },
    })
    .input(twoFactorChallengeInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      applySessionGrant(ctx, await service.completeTwoFactorLogin(ctx.deps, input, currentSessionOf(ctx)));
    }),

  logout: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/logout', tags, summary: 'Sign out (every session of the user)' },
      rest: { successStatus: 204 },
    })
    .input(empty)
    .output(z.void())
    .mutation(async ({ ctx }) => {
      await service.logout(ctx.deps, ctx.user.id);
      // A fresh guest token, so the next sign-in from this page needs no new XSRF cookie.
      applySessionGrant(ctx, { token: generateSessionToken(), remember: false });
    }),

  me: signedInProcedure
    .meta({ openapi: { method: 'GET', path: '/api/user', tags, summary: 'The signed-in user' } })
    .input(empty)
    .output(userEnvelopeSchema)
    .query(({ ctx }) => service.getCurrentUser(ctx.deps, ctx.user.id)),

  /** REST: POST /api/user (upload route, with the CV). */
  updateProfile: verifiedProcedure
    .use(withInputChecks(profileInputSchema, profileChecks))
    .input(profileInputSchema)
    .output(userEnvelopeSchema)
    .mutation(({ ctx, input }) => service.updateProfile(ctx.deps, ctx.user.id, input, null)),

  forgotPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/forgot-password', tags, summary: 'E-mail a password reset link' } })
    .input(forgotPasswordInputSchema)
    .output(messageResultSchema)
    .mutation(({ ctx, input }) => service.forgotPassword(ctx.deps, input.email)),

  resetPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/reset-password', tags, summary: 'Choose a new password with a reset token' } })
    .input(resetPasswordInputSchema)
    .output(messageResultSchema)
    .mutation(({ ctx, input }) => service.resetPassword(ctx.deps, input)),

  resendVerification: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/email/verification-notification', tags, summary: 'Send the verification e-mail again' },
      rest: { successStatus: 202 },
    })
    .input(empty)
    .output(z.void())
    .mutation(async ({ ctx }) => {
      const outcome = await service.resendVerification(ctx.deps, ctx.user.id);
      if (outcome === 'already-verified') ctx.http.setStatus(204);
    }),

  verifyEmail: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/email/verify/{id}/{hash}', tags, summary: 'Verify the e-mail address from the signed link' },
      rest: { successStatus: 204 },
    })
    .input(verifyEmailInputSchema)
    .output(z.void())
    .query(async ({ ctx, input }) => {
      if (!ctx.user) {
        if (ctx.http.wantsJson) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
        // A browser opened the e-mail's link while signed out: the sign-in page, as Laravel does.
        ctx.http.setHeader('location', '/login');
        ctx.http.setStatus(302);
        return;
      }
      await service.verifyEmail(ctx.deps, ctx.user.id, input);
      if (!ctx.http.wantsJson) {
        ctx.http.setHeader('location', '/account?verified=1');
        ctx.http.setStatus(302);
      }
    }),

  confirmPassword: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/user/confirm-password', tags, summary: 'Confirm the password for protected actions' },
      rest: { successStatus: 201 },
    })
    .input(confirmPasswordInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await service.confirmPassword(ctx.deps, ctx.user.id, ctx.session.id, input.password);
    }),

  confirmedPasswordStatus: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/confirmed-password-status', tags, summary: 'Whether the password was confirmed recently' },
    })
    .input(empty)
    .output(confirmedPasswordStatusSchema)
    .query(({ ctx }) => service.getConfirmedPasswordStatus(ctx.session.password_confirmed_at)),

  changePassword: verifiedProcedure
    .meta({ openapi: { method: 'PUT', path: '/user/password', tags, summary: 'Change the password' } })
    .input(changePasswordInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await service.changePassword(ctx.deps, ctx.user.id, ctx.sessionToken, input);
    }),
});
