// Staff invitations (docs/decisions/staff-roles.md, "Invitations"): the owner's form and list, and the
// invited person's accept form.
import { z } from 'zod';
import { integerField, messages, requiredString } from '../validation.ts';
import { passwordConfirmationField, passwordField, refinePassword } from './password.ts';
import { STAFF_ROLES } from '#shared/value-sets.ts';
import { webauthnJson } from './passkeys.ts';

/** Lower-cased, so the open-invitation index on lower(email) and the stored value agree. */
const emailInput = requiredString('email', 255)
  .pipe(z.email(messages.email('email')))
  .transform((v) => v.toLowerCase());

export const invitationCreateInput = z.object({
  email: emailInput,
  name: requiredString('name', 200),
  staff_role: z.enum(STAFF_ROLES, { error: messages.in('staff_role') }),
});
export type InvitationCreateInput = z.infer<typeof invitationCreateInput>;

export const invitationIdInput = z.object({ id: integerField('id', 1, 2_147_483_647) });
export const invitationListInput = z.object({ page: integerField('page', 1, 1_000_000).optional() });

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  staff_role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  expires_at: z.string(),
});
export type InvitationAnswer = z.infer<typeof invitationSchema>;

export const invitationPageSchema = z.object({
  data: z.array(invitationSchema),
  meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), has_more: z.boolean() }),
});

export const invitationTokenInput = z.object({ token: requiredString('token', 200) });

/** What the accept screen shows: who is invited, or why the link no longer works. */
export const invitationLookupSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    name: z.string(),
    email: z.string(),
    staff_role: z.enum(STAFF_ROLES),
    /** The owner who sent it, by name ('' when their account has gone since). */
    invited_by: z.string(),
  }),
  z.object({ state: z.enum(['expired', 'used']) }),
]);

export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

export const invitationAcceptInput = z
  .object({
    token: requiredString('token', 200),
    password: passwordField,
    password_confirmation: passwordConfirmationField,
  })
  .superRefine(refinePassword);
export type InvitationAcceptInput = z.infer<typeof invitationAcceptInput>;

/** A passkey instead of a password: the registration response made with invitationPasskeyOptions' options. */
export const invitationPasskeyAcceptInput = z.object({
  token: requiredString('token', 200),
  response: webauthnJson('response'),
});
