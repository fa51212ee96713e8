/**
 * The permission table (docs/decisions/staff-roles.md): the permission names a staff procedure
 * declares in its meta (`meta.permission`), which staff role holds which, and the answer fields a
 * role may not read. An owner (role admin) holds every permission. The server builds its ability
 * from this table (server/auth/permissions.ts); the client reads it for the admin menu and screens.
 */
import type { Role, StaffRole } from './value-sets.ts';

export const PERMISSIONS = [
  /** Quote requests, estimates and replies. */
  'quotes',
  /** Bookings, the calendar, booking types, settings and blocked times. */
  'bookings',
  /** The repair board and a job's page: move stages, photos, sharing, internal notes. */
  'repairs.work',
  /** Open a job, move its promised date, revoke its tracker, the stage list. */
  'repairs.manage',
  /** The message threads with customers: read, reply, mark done (a technician does not contact customers). */
  'threads',
  /** Customer records and feedback, the dashboard of work waiting (names, vehicles, bookings). */
  'customers',
  /** Site content: widgets, galleries, testimonials, the shop's details, drafts, history, scheduled changes. */
  'content',
  /** Accounts: create, edit, delete, roles and staff roles, CVs. */
  'users',
  /** System status and the bin. */
  'system',
  /** The activity log. */
  'activity',
  /** Exports of everyone (the activity log's CSV). */
  'exports',
  /** Outgoing mail. */
  'mail',
  /** Insurers, insurance claims, the insurer's authority and the insurer pack. */
  'insurance',
  /** VAT invoices and credit notes: issue, download, the accountant's CSV. */
  'invoices',
  /** Payments and refunds: record a counter payment, refund, list a job's or a booking's payments (the desk, not the workshop). */
  'payments',
  /** Which events e-mail the shop and to whom: no staff role holds it (owners only). */
  'notifications',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  estimator: ['quotes', 'bookings', 'repairs.work', 'repairs.manage', 'threads', 'customers', 'insurance', 'invoices', 'payments'],
  technician: ['repairs.work'],
  editor: ['content'],
};

/**
 * Answer fields a role never receives, whatever the procedure: the server strips them from its
 * answers (a technician works on the car, not with the customer's contact details or prices).
 */
export const HIDDEN_FIELDS: Partial<Record<StaffRole, readonly string[]>> = {
  technician: [
    'customer_email',
    'customer_telephone',
    'email',
    'telephone',
    'price',
    'price_pence',
    'estimate',
    'estimate_pence',
    'tracker_url',
    // A claim's money (the excess the customer pays, the insurer's authority), should a claim reach them.
    'excess_pence',
    'authorised_pence',
    // An itemised estimate's money, should one ever reach an answer a technician may read.
    'unit_price_pence',
    'net_pence',
    'vat_pence',
    'gross_pence',
    'labour_rate_pence',
    'previous_gross_pence',
  ],
};

/** Answer fields a role receives shortened to their first word: a technician knows the customer as "Sam". */
export const FIRST_NAME_ONLY_FIELDS: Partial<Record<StaffRole, readonly string[]>> = {
  technician: ['customer_name'],
};

export interface StaffFacts {
  role: Role;
  /** Absent where an answer does not carry it: no staff role. */
  staff_role?: StaffRole | null;
}

/** An owner: role admin, every permission. */
export function isOwner(user: StaffFacts | null | undefined): boolean {
  return user?.role === 'admin';
}

/** Whether someone is staff at all (an owner or a staff role): who may open the admin area. */
export function isStaff(user: StaffFacts | null | undefined): boolean {
  return isOwner(user) || Boolean(user?.staff_role);
}

/** The permissions a user holds: all for an owner, their staff role's, none for a customer. */
export function permissionsOf(user: StaffFacts | null | undefined): readonly Permission[] {
  if (!user) return [];
  if (isOwner(user)) return PERMISSIONS;
  return user.staff_role ? STAFF_PERMISSIONS[user.staff_role] : [];
}

export function holdsPermission(user: StaffFacts | null | undefined, permission: Permission): boolean {
  return permissionsOf(user).includes(permission);
}
