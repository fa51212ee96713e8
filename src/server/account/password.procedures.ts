// The password flows (docs/rest-contract.md "Session"): forgotten and reset, the "this wasn't
// me" link of a security e-mail, confirming it for protected actions, changing it; part of the
// session router (session.router.ts).
import { z } from 'zod';
import { checkedInput, countedBeforeInput, publicProcedure, signedInProcedure, verifiedProcedure } from '#server/trpc.ts';
import {
  changePasswordInputSchema,
  confirmedPasswordStatusSchema,
  confirmPasswordInputSchema,
  forgotPasswordInputSchema,
  messageResultSchema,
  resetPasswordInputSchema,
} from '#shared/schemas/session.ts';
import { thisWasntMeInputSchema } from '#shared/schemas/security.ts';
import { newPasswordChecks } from './session.input-checks.ts';
import {
  changePassword,
  confirmPassword,
  forgotPassword,
  getConfirmedPasswordStatus,
  reserveForgotPassword,
  resetPassword,
} from './passwords.service.ts';
import { reportThisWasntMe } from './security-alerts.service.ts';
import { noInput, tags } from './session-procedure-parts.ts';

export const passwordProcedures = {
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
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.meta)),

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
    .mutation(({ ctx, input }) => reportThisWasntMe(ctx.deps, input.token, ctx.meta.ipAddress)),

  confirmPassword: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/user/confirm-password', tags, summary: 'Confirm the password for protected actions' },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(confirmPasswordInputSchema))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await confirmPassword(ctx.deps, ctx.user.id, ctx.session.id, input.password);
    }),

  confirmedPasswordStatus: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/confirmed-password-status', tags, summary: 'Whether the password was confirmed recently' },
    })
    .concat(checkedInput(noInput))
    .output(confirmedPasswordStatusSchema)
    .query(({ ctx }) => getConfirmedPasswordStatus(ctx.session.password_confirmed_at)),

  changePassword: verifiedProcedure
    .meta({ openapi: { method: 'PUT', path: '/user/password', tags, summary: 'Change the password' } })
    .concat(checkedInput(changePasswordInputSchema, newPasswordChecks))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.deps, ctx.user.id, ctx.sessionToken, input, ctx.meta);
    }),
};
