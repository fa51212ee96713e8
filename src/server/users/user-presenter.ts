// Turns a users row into docs/rest-contract.md's User: the only way a user leaves the server.
import type { UserRow } from '#server/users/users.table.ts';
import type { User } from '#shared/schemas/user.ts';

/** The columns presentUser reads (below); select exactly these. */
export const presentableUserColumns = [
  'id',
  'firstname',
  'lastname',
  'email',
  'telephone',
  'role',
  'skills',
  'dob',
  'cv_file_key',
  'email_verified_at',
  'two_factor_confirmed_at',
  'created_at',
] as const satisfies readonly (keyof UserRow)[];

export type PresentableUserRow = Pick<UserRow, (typeof presentableUserColumns)[number]>;

export function presentUser(row: PresentableUserRow): User {
  let dob: User['dob'] = null;
  if (row.dob) {
    const [year, month, day] = row.dob.split('-').map(Number);
    dob = { day: day!, month: month!, year: year! };
  }
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    telephone: row.telephone,
    role: row.role,
    skills: row.skills,
    dob,
    has_cv: row.cv_file_key !== null,
    email_verified_at: row.email_verified_at ? row.email_verified_at.toISOString() : null,
    two_factor: row.two_factor_confirmed_at !== null,
    created_at: row.created_at.toISOString(),
  };
}
