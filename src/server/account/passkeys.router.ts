/**
 * Passkeys: the "Sign-in & security" screen's list, adding (after the password was
 * confirmed, as for two-factor), renaming and removing; signing in with a passkey. Thin: the rules
 * are in passkeys.service.ts.
 */
import { z } from 'zod';
import { checkedInput, confirmedProcedure, publicProcedure, router, signedInProcedure } from '#server/trpc.ts';
import { applySessionGrant, currentSessionOf } from '#server/auth/session-cookies.ts';
import {
  addPasskeyInputSchema,
  passkeyIdInput,
  passkeyListSchema,
  passkeyLoginInputSchema,
  renamePasskeyInputSchema,
  webauthnOptionsSchema,
} from '#shared/schemas/passkeys.ts';
import {
  addPasskey,
  hasPasskey,
  listPasskeys,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  removeUserPasskey,
  renameUserPasskey,
  reservePasskeyLogin,
  reservePasskeyOptions,
  signInWithPasskey,
} from './passkeys.service.ts';

const tags = ['passkeys'];
const empty = z.object({}).optional();

export const passkeysRouter = router({
  list: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/user/passkeys', tags, summary: "The user's passkeys, where and when each was last used" },
    })
    .concat(checkedInput(empty))
    .output(passkeyListSchema)
    .query(({ ctx }) => listPasskeys(ctx.deps, ctx.user.id)),

  status: signedInProcedure
    .concat(checkedInput(empty))
    .output(z.object({ hasPasskey: z.boolean() }))
    .query(({ ctx }) => hasPasskey(ctx.deps, ctx.user.id)),

  registrationOptions: confirmedProcedure
    .meta({ openapi: { method: 'POST', path: '/api/user/passkeys/options', tags, summary: 'Start adding a passkey (WebAuthn options)' } })
    .concat(checkedInput(empty))
    .output(webauthnOptionsSchema)
    .mutation(({ ctx }) => passkeyRegistrationOptions(ctx.deps, ctx.user.id)),

  add: confirmedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/user/passkeys',
        tags,
        summary: 'Add a passkey (the WebAuthn registration response and a name)',
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(addPasskeyInputSchema))
    .output(passkeyListSchema)
    .mutation(({ ctx, input }) => addPasskey(ctx.deps, ctx.user.id, input, ctx.requester)),

  rename: signedInProcedure
    .meta({ openapi: { method: 'PATCH', path: '/api/user/passkeys/{id}', tags, summary: 'Rename a passkey' } })
    .concat(checkedInput(renamePasskeyInputSchema))
    .output(passkeyListSchema)
    .mutation(({ ctx, input }) => renameUserPasskey(ctx.deps, ctx.user.id, input.id, input.name)),

  remove: confirmedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/api/user/passkeys/{id}', tags, summary: 'Remove a passkey' },
      rest: { successStatus: 204 },
    })
    .concat(checkedInput(passkeyIdInput))
    .output(z.void())
    .mutation(({ ctx, input }) => removeUserPasskey(ctx.deps, ctx.user.id, input.id)),

  loginOptions: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: { method: 'POST', path: '/api/passkeys/login/options', tags, summary: 'Start a passkey sign-in (WebAuthn options)' },
    })
    .use(async ({ ctx, next }) => {
      await reservePasskeyOptions(ctx.deps, ctx.requester.ipAddress);
      return next();
    })
    .concat(checkedInput(empty))
    .output(webauthnOptionsSchema)
    .mutation(({ ctx }) => passkeyLoginOptions(ctx.deps)),

  login: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: { method: 'POST', path: '/api/passkeys/login', tags, summary: 'Sign in with a passkey (complete: no two-factor step)' },
      rest: { successStatus: 204 },
    })
    // Throttled before the input is read, as /login is.
    .use(async ({ ctx, next }) => next({ ctx: { passkeyAttempt: await reservePasskeyLogin(ctx.deps, ctx.requester.ipAddress) } }))
    .concat(checkedInput(passkeyLoginInputSchema))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      applySessionGrant(ctx, await signInWithPasskey(ctx.deps, input, currentSessionOf(ctx)));
      await ctx.passkeyAttempt.release();
    }),
});
