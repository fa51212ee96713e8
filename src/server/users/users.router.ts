// The admin's users screens (docs/rest-contract.md "Users": all admin).
import { z } from 'zod';
import { adminProcedure, checkedInput, publicProcedure, router } from '#server/trpc.ts';
import { applySessionGrant, currentSessionOf } from '#server/auth/session-cookies.ts';
import {
  invitationAcceptInput,
  invitationCreateInput,
  invitationPasskeyAcceptInput,
  invitationIdInput,
  invitationListInput,
  invitationLookupSchema,
  invitationPageSchema,
  invitationSchema,
  invitationTokenInput,
} from '#shared/schemas/staff-invitations.ts';
import { acceptInvitation, inviteStaff, listInvitations, readInvitation, revokeInvitation } from './staff-invitations.service.ts';
import { acceptInvitationWithPasskey, invitationPasskeyOptions } from './invitation-passkey.service.ts';
import { webauthnOptionsSchema } from '#shared/schemas/passkeys.ts';
import { userEnvelopeSchema, userPageSchema } from '#shared/schemas/user.ts';
import {
  cvLinkSchema,
  staffRoleInput,
  staffRoleSchema,
  userCreateInput,
  userIdInput,
  userListInput,
  userUpdateInput,
} from '#shared/schemas/users-admin.ts';
import { actorOf } from '#server/activity/actor.ts';
import { uniqueEmail } from '#server/validation/unique-email.ts';
import { notBreachedPassword } from '#server/validation/breached-password.ts';
import { createUser, deleteUser, getCvLink, getStaffRole, getUser, listUsers, setStaffRole, updateUser } from './users.service.ts';

// The database rules, reported with zod's messages when the input is invalid (the service checks them again).
const createChecks = [uniqueEmail(), notBreachedPassword()] as const;
const updateChecks = [
  uniqueEmail((_ctx, raw) => {
    const id = userIdInput.shape.id.safeParse(raw.id);
    return id.success ? id.data : null;
  }),
  notBreachedPassword(),
] as const;

export const usersRouter = router({
  list: adminProcedure
    .meta({
      permission: 'customers',
      openapi: { method: 'GET', path: '/api/users', tags: ['users'], summary: 'Search users (25 a page, pages from 1)' },
    })
    .concat(checkedInput(userListInput))
    .output(userPageSchema)
    .query(({ ctx, input }) => listUsers(ctx.deps, input)),

  create: adminProcedure
    .meta({
      permission: 'users',
      openapi: { method: 'POST', path: '/api/users', tags: ['users'], summary: 'Create a user' },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(userCreateInput, ...createChecks))
    .output(userEnvelopeSchema)
    .mutation(async ({ ctx, input }) => ({ data: await createUser(ctx.deps, input, actorOf(ctx)) })),

  get: adminProcedure
    .meta({ permission: 'customers', openapi: { method: 'GET', path: '/api/users/{id}', tags: ['users'], summary: 'A user' } })
    .concat(checkedInput(userIdInput))
    .output(userEnvelopeSchema)
    .query(async ({ ctx, input }) => ({ data: await getUser(ctx.deps, input.id) })),

  update: adminProcedure
    .meta({ permission: 'users', openapi: { method: 'PATCH', path: '/api/users/{id}', tags: ['users'], summary: 'Update a user' } })
    .concat(checkedInput(userUpdateInput, ...updateChecks))
    .output(userEnvelopeSchema)
    .mutation(async ({ ctx, input }) => ({
      data: await updateUser(ctx.deps, input, { ...actorOf(ctx), userId: ctx.user.id, sessionToken: ctx.sessionToken }),
    })),

  // tRPC only: the user form's staff role field reads it.
  staffRole: adminProcedure
    .meta({ permission: 'users' })
    .concat(checkedInput(userIdInput))
    .output(staffRoleSchema)
    .query(({ ctx, input }) => getStaffRole(ctx.deps, input.id)),

  setStaffRole: adminProcedure
    .meta({
      permission: 'users',
      openapi: {
        method: 'PUT',
        path: '/api/users/{id}/staff-role',
        tags: ['users'],
        summary: 'Give a person a staff role (estimator, technician, editor) or take it away',
      },
    })
    .concat(checkedInput(staffRoleInput))
    .output(staffRoleSchema)
    .mutation(({ ctx, input }) => setStaffRole(ctx.deps, input, actorOf(ctx))),

  delete: adminProcedure
    .meta({
      permission: 'users',
      openapi: { method: 'DELETE', path: '/api/users/{id}', tags: ['users'], summary: 'Delete a user with their sessions and CV' },
    })
    .concat(checkedInput(userIdInput))
    .output(z.void())
    .mutation(({ ctx, input }) => deleteUser(ctx.deps, input.id, { ...actorOf(ctx), userId: ctx.user.id })),

  cvLink: adminProcedure
    .meta({
      permission: 'users',
      openapi: { method: 'GET', path: '/api/users/{id}/cv', tags: ['users'], summary: "A 5-minute download link for a user's CV" },
    })
    .concat(checkedInput(userIdInput))
    .output(cvLinkSchema)
    .query(({ ctx, input }) => getCvLink(ctx.deps, input.id, ctx.user.id)),

  // Staff invitations (docs/decisions/staff-roles.md): owner-only, on both doors.
  invite: adminProcedure
    .meta({
      permission: 'users',
      openapi: {
        method: 'POST',
        path: '/api/users/invitations',
        tags: ['users'],
        summary: 'Invite a member of staff by e-mail with a staff role (again: a new link, the old one dies)',
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(invitationCreateInput))
    .output(invitationSchema)
    .mutation(({ ctx, input }) => inviteStaff(ctx.deps, input, { ...actorOf(ctx), userId: ctx.user.id })),

  invitations: adminProcedure
    .meta({
      permission: 'users',
      openapi: {
        method: 'GET',
        path: '/api/users/invitations',
        tags: ['users'],
        summary: 'Pending staff invitations (25 a page, pages from 1)',
      },
    })
    .concat(checkedInput(invitationListInput))
    .output(invitationPageSchema)
    .query(({ ctx, input }) => listInvitations(ctx.deps, input.page)),

  revokeInvitation: adminProcedure
    .meta({
      permission: 'users',
      openapi: { method: 'DELETE', path: '/api/users/invitations/{id}', tags: ['users'], summary: 'Revoke a pending staff invitation' },
    })
    .concat(checkedInput(invitationIdInput))
    .output(z.void())
    .mutation(({ ctx, input }) => revokeInvitation(ctx.deps, input.id, actorOf(ctx))),

  // Public: the link itself is the permission; throttled in the service per token and per address.
  // tRPC only (a POST body), so the token never sits in a REST path or query string a log could keep.
  invitation: publicProcedure
    .meta({ personalAnswer: true })
    .concat(checkedInput(invitationTokenInput))
    .output(invitationLookupSchema)
    .query(({ ctx, input }) => readInvitation(ctx.deps, input.token, ctx.requester.ipAddress)),

  acceptInvitation: publicProcedure
    .meta({ personalAnswer: true })
    .concat(checkedInput(invitationAcceptInput, notBreachedPassword()))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      applySessionGrant(ctx, await acceptInvitation(ctx.deps, input, currentSessionOf(ctx)));
    }),

  // A passkey instead of a password: the options for the invitation's registration, then the answer.
  invitationPasskeyOptions: publicProcedure
    .meta({ personalAnswer: true })
    .concat(checkedInput(invitationTokenInput))
    .output(webauthnOptionsSchema)
    .mutation(({ ctx, input }) => invitationPasskeyOptions(ctx.deps, input.token, ctx.requester.ipAddress)),

  acceptInvitationWithPasskey: publicProcedure
    .meta({ personalAnswer: true })
    .concat(checkedInput(invitationPasskeyAcceptInput))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      applySessionGrant(ctx, await acceptInvitationWithPasskey(ctx.deps, input, currentSessionOf(ctx)));
    }),
});
