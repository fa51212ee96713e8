// The User of docs/rest-contract.md as it crosses the API (never a password hash, secret or recovery code).
import { z } from 'zod';
import { ROLES } from '#shared/value-sets.ts';

const roleSchema = z.enum(ROLES);

export const dateOfBirthSchema = z.object({ day: z.number().int(), month: z.number().int(), year: z.number().int() });

export const userSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  role: roleSchema,
  skills: z.string(),
  dob: dateOfBirthSchema.nullable(),
  has_cv: z.boolean(),
  email_verified_at: z.string().nullable(),
  two_factor: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user and every single-user answer: the user under `data`. */
export const userEnvelopeSchema = z.object({ data: userSchema });

export const userPageSchema = z.object({
  data: z.array(userSchema),
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;
