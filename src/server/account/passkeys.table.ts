import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';

/** A user's WebAuthn credential (account/passkeys.service.ts). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (0 when it keeps none); bigint comes back as a string. */
  counter: ColumnType<string, number | string | undefined, number | string>;
  /** Comma-separated transports ('internal,hybrid'). */
  transports: Generated<string>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  /** "Chrome 120 on Windows 10" at the last sign-in. */
  last_used_device: string | null;
  last_used_ip: string | null;
}
