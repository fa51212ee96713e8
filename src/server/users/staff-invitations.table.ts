import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { StaffRole } from '#shared/value-sets.ts';

export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  name: string;
  /** The staff role the new account gets; never owner (an owner is made on the user form, not by mail). */
  staff_role: StaffRole;
  /** The private link's salt (auth/private-links.ts): a new one kills the link already mailed. */
  token_salt: string;
  token_hash: string;
  invited_by: number | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export type StaffInvitationRow = Selectable<StaffInvitationsTable>;
