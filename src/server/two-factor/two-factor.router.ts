/**
 * Two-factor settings (docs/rest-contract.md "Two-factor"): every procedure needs a verified user who
 * confirmed the password within 3 hours. The rules are in two-factor.service.ts.
 */
import { z } from 'zod';
import { checkedInput, confirmedProcedure, router } from '#server/trpc.ts';
import {
  confirmTwoFactorInputSchema,
  qrCodeResultSchema,
  recoveryCodesResultSchema,
  secretKeyResultSchema,
} from '#shared/schemas/two-factor.ts';
import * as service from './two-factor.service.ts';

const tags = ['two-factor'];
// Optional, so the client calls these with no input at all.
const empty = z.object({}).optional();

export const twoFactorRouter = router({
  enable: confirmedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/two-factor-authentication',
        tags,
        summary: 'Start two-factor set-up (pending secret and recovery codes)',
      },
    })
    .concat(checkedInput(empty))
    .output(z.void())
    .mutation(({ ctx }) => service.enableTwoFactor(ctx.deps, ctx.user.id)),

  qrCode: confirmedProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/two-factor-qr-code', tags, summary: 'The QR code (SVG) and otpauth URL of the secret' },
    })
    .concat(checkedInput(empty))
    .output(qrCodeResultSchema)
    .query(({ ctx }) => service.getQrCode(ctx.deps, ctx.user.id)),

  secretKey: confirmedProcedure
    .meta({ openapi: { method: 'GET', path: '/user/two-factor-secret-key', tags, summary: 'The secret, for typing into an app' } })
    .concat(checkedInput(empty))
    .output(secretKeyResultSchema)
    .query(({ ctx }) => service.getSecretKey(ctx.deps, ctx.user.id)),

  confirm: confirmedProcedure
    .meta({
      openapi: { method: 'POST', path: '/user/confirmed-two-factor-authentication', tags, summary: 'Turn two-factor on with a first code' },
    })
    .concat(checkedInput(confirmTwoFactorInputSchema))
    .output(z.void())
    .mutation(({ ctx, input }) => service.confirmTwoFactor(ctx.deps, ctx.user.id, input.code, ctx.requester)),

  recoveryCodes: confirmedProcedure
    .meta({ openapi: { method: 'GET', path: '/user/two-factor-recovery-codes', tags, summary: 'The recovery codes' } })
    .concat(checkedInput(empty))
    .output(recoveryCodesResultSchema)
    .query(({ ctx }) => service.getRecoveryCodes(ctx.deps, ctx.user.id)),

  regenerateRecoveryCodes: confirmedProcedure
    .meta({ openapi: { method: 'POST', path: '/user/two-factor-recovery-codes', tags, summary: 'Replace the recovery codes' } })
    .concat(checkedInput(empty))
    .output(z.void())
    .mutation(({ ctx }) => service.regenerateRecoveryCodes(ctx.deps, ctx.user.id, ctx.requester)),

  disable: confirmedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/user/two-factor-authentication', tags, summary: 'Turn two-factor off' } })
    .concat(checkedInput(empty))
    .output(z.void())
    .mutation(({ ctx }) => service.disableTwoFactor(ctx.deps, ctx.user.id, ctx.requester)),
});
