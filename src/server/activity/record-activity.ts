/**
 * Writing the activity log (docs/decisions/activity-log.md): `recordActivity(trx, entry)`
 * in the transaction of the change it records; every service that makes a logged change calls it
 * with the actor its router gave it (actor.ts). The log's reads are in activity.service.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ActivityKind } from '#shared/value-sets.ts';
import type { Actor } from './actor.ts';
import * as repo from './activity-entries.repository.ts';

/** What an entry is about: a gallery, a testimonial, a widget, a user, the shop, a backup … */
export interface ActivityItem {
  type: string;
  id?: number | null;
  /** Its name at the time (a gallery's name, a user's e-mail): the entry keeps it after the item goes. */
  label?: string | null;
}

export interface ActivityEntryInput {
  actor: Actor;
  kind: ActivityKind;
  item?: ActivityItem;
  /** The version the entry is about (a publish or a restore). */
  versionId?: number | null;
  /** A short note without personal data ("role editor → admin", "from the bin"). */
  details?: string | null;
  /** Written at most once under this key (the throttle's one entry per identifier and window). */
  onceKey?: string;
}

const LABEL_MAX = 200;
/** At most LABEL_MAX characters, without NUL (PostgreSQL's text refuses it; a sign-in's e-mail is what anyone typed). */
const clip = (value: string | null | undefined) => {
  if (value == null) return null;
  const text = value.replaceAll('\u0000', '');
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text;
};

async function actorLabel(db: Kysely<Database>, actor: Actor): Promise<string> {
  if (actor.label) return actor.label;
  if (actor.userId === null) return 'Visitor (not signed in)';
  const user = await repo.findActorName(db, actor.userId);
  if (!user) return repo.DELETED_USER_LABEL;
  const name = `${user.firstname} ${user.lastname}`.trim();
  return name === '' ? user.email : `${name} (${user.email})`;
}

/**
 * Writes one activity entry with `db`, which should be the transaction of the change it records.
 * Returns false when an entry with the same `onceKey` was already written.
 */
export async function recordActivity(db: Kysely<Database>, entry: ActivityEntryInput): Promise<boolean> {
  return repo.insertActivityEntry(db, {
    actor_user_id: entry.actor.userId,
    actor_label: await actorLabel(db, entry.actor),
    ip_address: clip(entry.actor.ip),
    kind: entry.kind,
    item_type: entry.item?.type ?? null,
    item_id: entry.item?.id ?? null,
    item_label: clip(entry.item?.label),
    version_id: entry.versionId ?? null,
    details: clip(entry.details),
    once_key: entry.onceKey ?? null,
  });
}

/** Account deletion: the person's entries stay, with "Deleted user" in their place. */
export async function forgetActivityPerson(db: Kysely<Database>, userId: number): Promise<void> {
  await repo.forgetActivityPerson(db, userId);
}
