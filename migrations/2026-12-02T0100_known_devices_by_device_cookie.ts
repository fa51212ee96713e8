// A known device is now a signed device cookie (auth/device-cookie.ts): known_devices.device_hash
// holds the SHA-256 of the cookie's random id, no longer a digest of the User-Agent, which anyone
// can copy. The old rows can never match a cookie, so they go: each user's next sign-in on each
// device sends one "new sign-in" e-mail and sets the cookie. The columns stay as they are.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('known_devices').execute();
}

// Nothing to put back: the User-Agent digests are gone, and an empty list only means one more mail.
export async function down(): Promise<void> {}
