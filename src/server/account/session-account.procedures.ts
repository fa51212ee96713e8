/**
 * The account's self-service `session.*` procedures: signed-in devices, deleting the account, the
 * data export. Signed in is enough (no verified e-mail): people may always see and remove what is
 * theirs. Spread into the session router; the rules are in the account/ services.
 */
import { z } from 'zod';
import { actorOf } from '#server/activity/actor.ts';
import { checkedInput, signedInProcedure } from '#server/trpc.ts';
import { applySessionGrant } from '#server/auth/session-cookies.ts';
import { generateSessionToken } from '#server/auth/sessions.ts';
import { dataExportSchema, deviceSessionIdInput, deviceSessionListSchema, passwordInputSchema } from '#shared/schemas/account.ts';
import { listDeviceSessions, signOutDevice, signOutOtherDevices } from './device-sessions.service.ts';
import { deleteOwnAccount } from './delete-account.service.ts';
import { dataExportFileName, exportUserData } from './data-export.service.ts';

const tags = ['session'];
const empty = z.object({}).optional();

export const sessionAccountProcedures = {
  deviceSessions: signedInProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/user/sessions', tags, summary: 'The signed-in devices, the most recently active first' },
    })
    .concat(checkedInput(empty))
    .output(deviceSessionListSchema)
    .query(({ ctx }) => listDeviceSessions(ctx.deps, ctx.user.id, ctx.session.id)),

  signOutDevice: signedInProcedure
    .meta({ openapi: { method: 'DELETE', path: '/api/user/sessions/{id}', tags, summary: 'Sign out one of the other devices' } })
    .concat(checkedInput(deviceSessionIdInput))
    .output(z.void())
    .mutation(({ ctx, input }) => signOutDevice(ctx.deps, ctx.user.id, ctx.session.id, input.id)),

  signOutOtherDevices: signedInProcedure
    .meta({
      openapi: { method: 'POST', path: '/user/other-browser-sessions', tags, summary: 'Sign out every other device (with the password)' },
    })
    .concat(checkedInput(passwordInputSchema))
    .output(z.void())
    .mutation(({ ctx, input }) => signOutOtherDevices(ctx.deps, ctx.user.id, ctx.sessionToken, input.password)),

  deleteAccount: signedInProcedure
    .meta({ openapi: { method: 'DELETE', path: '/api/user', tags, summary: 'Delete the account (with the password)' } })
    .concat(checkedInput(passwordInputSchema))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteOwnAccount(ctx.deps, ctx.user.id, input.password, actorOf(ctx));
      // Its session went with the account; the browser gets a fresh guest token, as after logout.
      applySessionGrant(ctx, { token: generateSessionToken(), remember: false });
    }),

  exportData: signedInProcedure
    .meta({ openapi: { method: 'GET', path: '/api/user/export', tags, summary: "Download the user's data as a JSON file" } })
    .concat(checkedInput(empty))
    .output(dataExportSchema)
    .query(({ ctx }) => {
      const now = new Date();
      ctx.http.setHeader('content-disposition', `attachment; filename="${dataExportFileName(now)}"`);
      return exportUserData(ctx.deps, { userId: ctx.user.id, currentSessionId: ctx.session.id }, now, actorOf(ctx));
    }),
};
