/**
 * The fixed sets of values the product knows, defined once: schemas, the database types, the
 * seed and the client all take them from here. (The migration keeps its own copy of the check
 * constraint on purpose: migrations describe the schema as it was, never today's code.)
 */

/** Account roles. A member is offered on the admin's edit form; it opens neither area. */
export const ROLES = ['user', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles the admin's add-user form offers. */
export const CREATABLE_ROLES = ['user', 'admin'] as const satisfies readonly Role[];

/** The roles that may open the account area (/account). */
export const ACCOUNT_ROLES = ['user', 'admin'] as const satisfies readonly Role[];

export const WIDGET_TYPES = ['TEXT', 'IMAGE', 'VIDEO'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** The roles that may open the admin area (/admin) whatever their staff role: the owners. */
export const ADMIN_ROLES = ['admin'] as const satisfies readonly Role[];

/**
 * Staff who are not owners (docs/decisions/staff-roles.md): beside the role, set only by an owner.
 * What each may do is the permission table, src/shared/permissions.ts.
 */
export const STAFF_ROLES = ['estimator', 'technician', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The shop's time zone until its record names one. Here, not beside the shop's schema: the date
 * formatter every page loads imports it, and the schema module would bring zod into that download.
 */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** The weekdays of the shop's opening hours, Monday first (the UK week); keys of `openingHours`. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** A quote request's life in the shop, in order; `closed` starts the photos' retention clock. */
export const QUOTE_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'closed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** An estimate's (and each sent version's) state: superseded is a version a later one replaced. */
export const ESTIMATE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'superseded'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** What an estimate line is: labour is hours at the shop's rate. */
export const ESTIMATE_LINE_KINDS = ['part', 'labour', 'paint_materials', 'sundries'] as const;
export type EstimateLineKind = (typeof ESTIMATE_LINE_KINDS)[number];

/** An invoice's number series: INV for invoices, CN for credit notes (each numbered 1, 2, 3 … without gaps). */
export const INVOICE_SERIES = ['INV', 'CN'] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

/** Whether a booking type asks for a deposit: none, a fixed amount, or a share of the accepted estimate. */
export const DEPOSIT_KINDS = ['none', 'fixed', 'share'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

/** What a payment is for: the deposit at booking, the balance before collection, an insured job's excess. */
export const PAYMENT_PURPOSES = ['deposit', 'balance', 'excess', 'other'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** How a payment was taken: Stripe Checkout online, or at the counter. */
export const PAYMENT_METHODS = ['stripe', 'card_machine', 'cash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment's state: a Checkout Session is pending until its signed webhook says paid (or it expires). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_METHODS = ['stripe', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** An insurance claim's liability: the customer at fault (their insurer pays) or not. */
export const INSURANCE_LIABILITIES = ['fault', 'non_fault'] as const;
export type InsuranceLiability = (typeof INSURANCE_LIABILITIES)[number];
export const LIABILITY_LABELS: Record<InsuranceLiability, string> = { fault: 'Fault', non_fault: 'Non-fault' };

/** How a customer asks to be contacted about a quote. */
export const PREFERRED_CONTACTS = ['email', 'phone'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];

/** A booking's state: booked (the place is held), cancelled (the place given back), attended, no_show. */
export const BOOKING_STATUSES = ['booked', 'cancelled', 'attended', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Whose UK bank holidays close the shop for booking (a booking setting; bookings/bank-holidays.ts). */
export const BANK_HOLIDAY_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type BankHolidayRegion = (typeof BANK_HOLIDAY_REGIONS)[number];
/**
 * What the shop is told of by e-mail (src/server/notifications/): each can be turned off on the
 * Notifications screen; all are on until then. A customer's message on a quote's thread is a quote reply.
 */
export const NOTIFICATION_EVENTS = [
  'booking-created',
  'booking-moved',
  'booking-cancelled',
  'change-requested',
  'customer-message',
  'quote-reply',
  'feedback-left',
  'estimate-accepted',
  'estimate-declined',
  'payment-received',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  'booking-created': 'New booking',
  'booking-moved': 'Booking moved',
  'booking-cancelled': 'Booking cancelled',
  'change-requested': 'Change requested',
  'customer-message': 'Customer message',
  'quote-reply': 'Quote reply from the customer',
  'feedback-left': 'Feedback left',
  'estimate-accepted': 'Estimate accepted',
  'estimate-declined': 'Estimate declined',
  'payment-received': 'Online payment received',
};

/** What an outgoing e-mail is (src/server/mail/outgoing-mail.ts renders each kind when it is sent). */
export const MAIL_KINDS = [
  'verification',
  'password-reset',
  'quote-request-shop',
  'quote-request-confirmation',
  'quote-reply',
  'quote-status-changed',
  'security-alert',
  'login-code',
  'confirmation-code',
  'booking-confirmation',
  'booking-changed',
  'booking-cancelled',
  'booking-reminder',
  'booking-change-declined',
  'repair-job-created',
  'repair-stage-changed',
  'repair-promised-date-changed',
  'repair-review-request',
  'staff-invitation',
  'thread-reply',
  'shop-notification',
  'estimate-sent',
] as const;

/**
 * What an activity log entry records (src/server/activity/); the labels are what the
 * log's screen and its CSV show. Kinds are only ever added: old entries keep theirs.
 */
export const ACTIVITY_KINDS = [
  'content-saved',
  'content-published',
  'content-restored',
  'content-deleted',
  'bin-restored',
  'bin-purged',
  'user-created',
  'user-deleted',
  'user-role-changed',
  'two-factor-on',
  'two-factor-off',
  'password-changed',
  'password-reset',
  'sign-in-throttled',
  'data-exported',
  'account-deleted',
  'backup-made',
  'backup-restored',
  'shop-changed',
  'content-scheduled',
  'schedule-cancelled',
  'staff-invited',
  'staff-invitation-revoked',
  'staff-invitation-accepted',
  'estimate-draft-saved',
  'estimate-sent',
  'estimate-supplement-sent',
  'estimate-accepted',
  'estimate-declined',
  'estimate-settings-changed',
  'insurer-saved',
  'insurance-claim-saved',
  'insurance-authority-recorded',
  'insurance-claim-removed',
  'invoice-issued',
  'credit-note-issued',
  'payment-recorded',
  'payment-received-online',
  'refund-recorded',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  'content-saved': 'Content saved',
  'content-published': 'Content published',
  'content-restored': 'Content restored',
  'content-deleted': 'Content deleted (moved to the bin)',
  'bin-restored': 'Restored from the bin',
  'bin-purged': 'Deleted forever from the bin',
  'user-created': 'User created',
  'user-deleted': 'User deleted',
  'user-role-changed': 'Role changed',
  'two-factor-on': 'Two-factor turned on',
  'two-factor-off': 'Two-factor turned off',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset',
  'sign-in-throttled': 'Sign-ins refused by the throttle',
  'data-exported': 'Data exported',
  'account-deleted': 'Account deleted',
  'backup-made': 'Backup made',
  'backup-restored': 'Backup restored',
  'shop-changed': 'Shop details changed',
  'content-scheduled': 'Change scheduled',
  'schedule-cancelled': 'Scheduled change cancelled',
  'staff-invited': 'Member of staff invited',
  'staff-invitation-revoked': 'Staff invitation revoked',
  'staff-invitation-accepted': 'Staff invitation accepted',
  'estimate-draft-saved': 'Estimate draft saved',
  'estimate-sent': 'Estimate sent',
  'estimate-supplement-sent': 'Supplement sent (estimate changed)',
  'estimate-accepted': 'Estimate accepted by the customer',
  'estimate-declined': 'Estimate declined by the customer',
  'estimate-settings-changed': 'Estimate settings changed',
  'insurer-saved': 'Insurer list changed',
  'insurance-claim-saved': 'Marked insured (claim saved)',
  'insurance-authority-recorded': "Insurer's authority recorded",
  'insurance-claim-removed': 'Insurance claim removed',
  'invoice-issued': 'Invoice issued',
  'credit-note-issued': 'Credit note issued',
  'payment-recorded': 'Counter payment recorded',
  'payment-received-online': 'Online payment received (Stripe)',
  'refund-recorded': 'Refund recorded',
};

/** What the bin holds (src/server/bin/). */
export const BIN_KINDS = ['gallery', 'testimonial', 'widget'] as const;
export type BinKind = (typeof BIN_KINDS)[number];
export const BIN_KIND_LABELS: Record<BinKind, string> = { gallery: 'Gallery', testimonial: 'Testimonial', widget: 'Widget' };

/** What a security e-mail tells the account's owner about (account/security-alerts.service.ts). */
export const SECURITY_EVENTS = [
  'new-sign-in',
  'password-changed',
  'password-reset',
  'two-factor-on',
  'two-factor-off',
  'recovery-codes',
  'passkey-added',
  'email-changed',
  'email-codes-locked',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];
export type MailKind = (typeof MAIL_KINDS)[number];

/** queued (waiting or retrying), sent, failed (retries used up: the admin can resend), cancelled (nothing left to send it for). */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The kinds of content that keep a history of versions (docs/decisions/content-versions-and-drafts.md). */
export const CONTENT_KINDS = ['widget', 'gallery', 'testimonial', 'shop'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** A kept version is `published` (it was live once); the one `draft` per item sits beside the live row. */
export const CONTENT_VERSION_STATUSES = ['published', 'draft'] as const;
export type ContentVersionStatus = (typeof CONTENT_VERSION_STATUSES)[number];

/** What a scheduled change does when its time comes (versions/scheduled-changes.service.ts). */
export const SCHEDULED_ACTIONS = ['publish-draft', 'revert'] as const;
export type ScheduledAction = (typeof SCHEDULED_ACTIONS)[number];
export const SCHEDULED_ACTION_LABELS: Record<ScheduledAction, string> = {
  'publish-draft': 'Publish the draft',
  revert: 'Revert to the previous version',
};
/** pending (waiting for its time), done, failed (outcome says why), cancelled (by an admin). */
export const SCHEDULED_CHANGE_STATES = ['pending', 'done', 'failed', 'cancelled'] as const;
export type ScheduledChangeState = (typeof SCHEDULED_CHANGE_STATES)[number];
