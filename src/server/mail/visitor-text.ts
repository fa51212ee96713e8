/**
 * What a mail to an address nobody has proved may repeat of what the visitor typed: a stranger
 * could put someone else's address in a form, with a link or an advert as their "name", and have
 * the shop send it. So such a mail carries no link that came from the visitor (no tag, URL or bare
 * domain a mail client would turn into one), only their first name and a short vehicle text.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { findUserForMail } from '#server/users/users.repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const LINK_LIKE = /<[^>]*>?|\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\S*[a-z0-9-]\.[a-z]{2,}\S*/gi;

export function withoutLinks(text: string): string {
  return text.replace(LINK_LIKE, ' ').replace(/\s+/g, ' ').trim();
}

/** The first word of the name, bounded; "there" ("Hello there,") when nothing is left. */
export function echoedFirstName(name: string): string {
  const first = withoutLinks(name).split(' ')[0] ?? '';
  return first.slice(0, 30) || 'there';
}

/** The text without links, at most `max` characters. */
export function echoedShortText(text: string, max = 40): string {
  const plain = withoutLinks(text);
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** True when `email` is the verified address of account `userId` (then the mail may say more). */
export async function isProvenAddress(db: Executor, userId: number | null, email: string): Promise<boolean> {
  if (userId === null) return false;
  const user = await findUserForMail(db, userId);
  return Boolean(user?.email_verified_at) && user!.email.toLowerCase() === email.toLowerCase();
}

/**
 * The name an account's mail greets with: the whole first name at the account's verified address,
 * the echo of it anywhere else (registering puts any name and any address into a verification mail).
 */
export function accountGreetingName(user: { firstname: string; email: string; email_verified_at: Date | null }, recipient: string): string {
  const proven = user.email_verified_at !== null && user.email.toLowerCase() === recipient.toLowerCase();
  return proven ? user.firstname : echoedFirstName(user.firstname);
}
