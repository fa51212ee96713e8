// Inputs of the admin users procedures (docs/rest-contract.md "Users"), shared with the admin forms.
import { z } from 'zod';
import { messages, optionalString, integerField } from '../validation.ts';
import { requiredString } from '../validation.ts';
import { searchField } from './paging.ts';
import { passwordConfirmationField, passwordField, refinePassword } from './password.ts';
import { CREATABLE_ROLES, ROLES, STAFF_ROLES } from '#shared/value-sets.ts';

const SKILLS_MAX = 10_000;

/** Lower-cased, so the unique index on lower(email) and the stored value agree. */
const emailInput = requiredString('email', 255)
  .pipe(z.email(messages.email('email')))
  .transform((v) => v.toLowerCase());

export const userIdInput = z.object({ id: integerField('id', 1, 2_147_483_647) });

export const userListInput = z.object({
  search: searchField,
  page: integerField('page', 1, 1_000_000).optional(),
});
export type UserListInput = z.infer<typeof userListInput>;

/** The add form offers user and admin; member is given by editing. */
export const userCreateInput = z
  .object({
    firstname: requiredString('firstname', 100),
    lastname: requiredString('lastname', 100),
    email: emailInput,
    role: z.enum(CREATABLE_ROLES, { error: messages.in('role') }),
    password: passwordField,
    password_confirmation: passwordConfirmationField,
  })
  .superRefine(refinePassword);
export type UserCreateInput = z.infer<typeof userCreateInput>;

/** An empty password means "not changing it". */
const optionalPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordField.optional());

export const userUpdateInput = z
  .object({
    id: integerField('id', 1, 2_147_483_647),
    firstname: requiredString('firstname', 100),
    lastname: requiredString('lastname', 100),
    email: emailInput,
    telephone: optionalString('telephone', 40).optional(),
    role: z.enum(ROLES, { error: messages.in('role') }),
    skills: z.preprocess(
      (v) => (v === null ? '' : v),
      z
        .string({ error: messages.string('skills') })
        .max(SKILLS_MAX, messages.max('skills', SKILLS_MAX))
        .optional(),
    ),
    password: optionalPassword,
    password_confirmation: passwordConfirmationField,
  })
  .superRefine(refinePassword);
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

/** An owner gives a customer or member a staff role, or takes it away (null). */
export const staffRoleInput = z.object({
  id: integerField('id', 1, 2_147_483_647),
  staff_role: z.enum(STAFF_ROLES, { error: messages.in('staff_role') }).nullable(),
});
export type StaffRoleInput = z.infer<typeof staffRoleInput>;
export const staffRoleSchema = z.object({ id: z.number().int(), staff_role: z.enum(STAFF_ROLES).nullable() });
export type StaffRoleAnswer = z.infer<typeof staffRoleSchema>;

export const cvLinkSchema = z.object({ url: z.string() });
