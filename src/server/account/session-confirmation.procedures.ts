/**
 * The `session.*` procedures that confirm it is the account's owner before a protected action
 * (the 423 gate): the password, a passkey of the user's, or an e-mailed code, and whether the
 * session has confirmed recently. Spread into the session router. Thin: the rules are in
 * passwords.service.ts and confirmation.service.ts.
 */
import { z } from 'zod';
import { checkedInput, signedInProcedure } from '#server/trpc.ts';
import type { RequestContext } from '#server/context.ts';
import { confirmedPasswordStatusSchema, confirmPasswordInputSchema, messageResultSchema } from '#shared/schemas/session.ts';
import { webauthnOptionsSchema } from '#shared/schemas/passkeys.ts';
import { confirmWithEmailCodeInputSchema, confirmWithPasskeyInputSchema } from '#shared/schemas/confirmation.ts';
import { confirmPassword, getConfirmedPasswordStatus } from './passwords.service.ts';
import {
  confirmWithEmailCode,
  confirmWithPasskey,
  passkeyConfirmationOptions,
  requestConfirmationCode,
  type ConfirmingSession,
} from './confirmation.service.ts';

const tags = ['session'];
const empty = z.object({}).optional();

/** The signed-in session as the confirmation services take it. */
const confirming = (ctx: Pick<RequestContext, 'requester'> & { user: { id: number }; session: { id: string } }): ConfirmingSession => ({
  userId: ctx.user.id,
  sessionId: ctx.session.id,
  meta: ctx.requester,
});

export const sessionConfirmationProcedures = {
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

  confirmationPasskeyOptions: signedInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/confirm-password/passkey/options',
        tags,
        summary: "Start confirming with a passkey (WebAuthn options: the user's passkeys)",
      },
    })
    .concat(checkedInput(empty))
    .output(webauthnOptionsSchema)
    .mutation(({ ctx }) => passkeyConfirmationOptions(ctx.deps, confirming(ctx))),

  confirmWithPasskey: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/user/confirm-password/passkey', tags, summary: 'Confirm with a passkey in place of the password' },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(confirmWithPasskeyInputSchema))
    .output(z.void())
    .mutation(({ ctx, input }) => confirmWithPasskey(ctx.deps, confirming(ctx), input.response)),

  requestConfirmationCode: signedInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/confirm-password/email-code',
        tags,
        summary: "E-mail a confirmation code to the account's address",
      },
    })
    .concat(checkedInput(empty))
    .output(messageResultSchema)
    .mutation(({ ctx }) => requestConfirmationCode(ctx.deps, confirming(ctx))),

  confirmWithEmailCode: signedInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/confirm-password/email-code/verify',
        tags,
        summary: 'Confirm with the e-mailed code in place of the password',
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(confirmWithEmailCodeInputSchema))
    .output(z.void())
    .mutation(({ ctx, input }) => confirmWithEmailCode(ctx.deps, confirming(ctx), input.code)),

  confirmedPasswordStatus: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/confirmed-password-status', tags, summary: 'Whether the password was confirmed recently' },
    })
    .concat(checkedInput(empty))
    .output(confirmedPasswordStatusSchema)
    .query(({ ctx }) => getConfirmedPasswordStatus(ctx.session.password_confirmed_at)),
};
