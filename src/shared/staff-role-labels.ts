/** The staff roles as a person reads them (the owner's invite form and list, the invitation's page). */
import type { StaffRole } from './value-sets.ts';

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  estimator: 'Estimator',
  technician: 'Technician',
  editor: 'Editor',
};

/** "an estimator", "a technician", "an editor". */
export function staffRoleWithArticle(role: StaffRole): string {
  const label = STAFF_ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}
