// The admin area's Outgoing mail screen and the dashboard's mail warning (admins only; no REST path).
import { z } from 'zod';
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import {
  outgoingMailListInput,
  outgoingMailPageSchema,
  outgoingMailResendInput,
  outgoingMailSummarySchema,
} from '#shared/schemas/outgoing-mail.ts';
import { listOutgoingMail, resendOutgoingMail, summariseOutgoingMail } from './outgoing-mail.service.ts';

export const outgoingMailRouter = router({
  list: adminProcedure
    .meta({ permission: 'mail' })
    .concat(checkedInput(outgoingMailListInput))
    .output(outgoingMailPageSchema)
    .query(({ ctx, input }) => listOutgoingMail(ctx.deps, input)),

  summary: adminProcedure
    .meta({ permission: 'mail' })
    .concat(checkedInput(z.object({}).optional()))
    .output(outgoingMailSummarySchema)
    .query(({ ctx }) => summariseOutgoingMail(ctx.deps)),

  resend: adminProcedure
    .meta({ permission: 'mail' })
    .concat(checkedInput(outgoingMailResendInput))
    .output(z.void())
    .mutation(({ ctx, input }) => resendOutgoingMail(ctx.deps, input.id)),
});
