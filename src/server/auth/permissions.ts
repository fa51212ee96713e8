/**
 * The caller's ability, built with CASL from the one permission table (#shared/permissions.ts):
 * `call` a permission (the access middleware checks a procedure's `meta.permission`) and `read`
 * an answer's fields (the hidden fields of a role are stripped from every answer it gets).
 */
import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import { FIRST_NAME_ONLY_FIELDS, HIDDEN_FIELDS, permissionsOf, type Permission, type StaffFacts } from '#shared/permissions.ts';

type Ability = MongoAbility<['call', Permission] | ['read', 'Answer']>;

const cache = new Map<string, Ability>();

export function abilityOf(user: StaffFacts | null): Ability {
  const key = user ? `${user.role}:${user.staff_role ?? ''}` : '';
  const known = cache.get(key);
  if (known) return known;
  const { can, cannot, build } = new AbilityBuilder<Ability>(createMongoAbility);
  for (const permission of permissionsOf(user)) can('call', permission);
  can('read', 'Answer');
  const hidden = user && user.role !== 'admin' && user.staff_role ? HIDDEN_FIELDS[user.staff_role] : undefined;
  if (hidden) cannot('read', 'Answer', [...hidden]);
  const ability = build();
  cache.set(key, ability);
  return ability;
}

export function mayCall(user: StaffFacts | null, permission: Permission): boolean {
  return abilityOf(user).can('call', permission);
}

function firstNameOnlyFields(user: StaffFacts | null): readonly string[] {
  return user && user.role !== 'admin' && user.staff_role ? (FIRST_NAME_ONLY_FIELDS[user.staff_role] ?? []) : [];
}

/** Whether some field of an answer is hidden or shortened for this user (so the answer needs a walk). */
export function hidesFields(user: StaffFacts | null): boolean {
  return abilityOf(user).rules.some((rule) => rule.inverted && rule.fields) || firstNameOnlyFields(user).length > 0;
}

/**
 * The answer without the fields the user may not read, and with the fields it may read only as a
 * first name shortened, at any depth (a board's jobs, a job's customer).
 */
export function withoutHiddenFields<T>(user: StaffFacts | null, answer: T): T {
  if (!hidesFields(user)) return answer;
  const ability = abilityOf(user);
  const firstNameOnly = firstNameOnlyFields(user);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object' || value instanceof Date) return value;
    const kept: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (!ability.can('read', 'Answer', key)) continue;
      kept[key] = typeof field === 'string' && firstNameOnly.includes(key) ? (field.trim().split(/\s+/)[0] ?? '') : walk(field);
    }
    return kept;
  };
  return walk(answer) as T;
}
