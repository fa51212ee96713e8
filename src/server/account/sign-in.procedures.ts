// Signing in and out (docs/rest-contract.md "Session"): the XSRF cookie, the password, the
// e-mailed code and the two-factor step, and sign-out; part of the session router (session.router.ts).
import { z } from 'zod';
import { checkedInput, publicProcedure, signedInProcedure } from '#server/trpc.ts';
import { applySessionGrant, currentSessionOf, ensureSessionToken } from '#server/auth/session-cookies.ts';
import { generateSessionToken } from '#server/auth/sessions.ts';
import { loginInputSchema, loginResultSchema, messageResultSchema, twoFactorChallengeInputSchema } from '#shared/schemas/session.ts';
import { emailCodeLoginInputSchema, emailCodeRequestInputSchema } from '#shared/schemas/security.ts';
import { completeTwoFactorLogin, login, logout, reserveLoginAttempt } from './sign-in.service.ts';
import { requestEmailCode, reserveEmailCodeAttempt, reserveEmailCodeRequest, signInWithEmailCode } from './email-codes.service.ts';
import { noInput, tags } from './session-procedure-parts.ts';

export const signInProcedures = {
  /** GET /sanctum/csrf-cookie: issues the session and XSRF-TOKEN cookies. */
  csrfCookie: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/sanctum/csrf-cookie', tags, summary: 'Issue the XSRF-TOKEN cookie' },
      rest: { successStatus: 204 },
    })
    .concat(checkedInput(z.object({})))
    .output(z.void())
    .query(({ ctx }) => {
      ensureSessionToken(ctx);
    }),

  login: publicProcedure
    .meta({ personalAnswer: true, openapi: { method: 'POST', path: '/login', tags, summary: 'Sign in with e-mail and password' } })
    // The throttle answers before the input is validated (docs/rest-contract.md: 429 before 422).
    .use(async ({ ctx, getRawInput, next }) => {
      const raw = (await getRawInput()) as { email?: unknown } | undefined;
      return next({ ctx: { loginAttempt: await reserveLoginAttempt(ctx.deps, raw?.email, ctx.meta.ipAddress) } });
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
      await reserveEmailCodeRequest(ctx.deps, raw?.email, ctx.meta.ipAddress);
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
      return next({ ctx: { codeAttempt: await reserveEmailCodeAttempt(ctx.deps, raw?.email, ctx.meta.ipAddress) } });
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
    .concat(checkedInput(noInput))
    .output(z.void())
    .mutation(async ({ ctx }) => {
      await logout(ctx.deps, ctx.user.id);
      // A fresh guest token, so the next sign-in from this page needs no new XSRF cookie.
      applySessionGrant(ctx, { token: generateSessionToken(), remember: false });
    }),
};
