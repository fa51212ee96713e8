import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { Role, StaffRole } from '#shared/value-sets.ts';

export interface UsersTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string;
  telephone: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  /** Estimator, technician or editor: what a member of staff who is not an owner may do (auth/permissions.ts). */
  staff_role: ColumnType<StaffRole | null, StaffRole | null | undefined, StaffRole | null>;
  skills: ColumnType<string, string | undefined, string>;
  /** A calendar date, read back as 'YYYY-MM-DD' (see db/database.ts type parsers). */
  dob: string | null;
  cv_file_key: string | null;
  cv_original_name: string | null;
  cv_mime_type: string | null;
  cv_size: number | null;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: NullableTimestamp;
  /** bigint, read back as a JS number (TOTP steps fit easily). */
  two_factor_last_used_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last completed password reset: the passkeys added after it go at the next one unless kept. */
  password_reset_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
