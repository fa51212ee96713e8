// Table types for Kysely, written to match migrations/ (test/db/migrations.test.ts checks that
// every column named here exists in both engines).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

import type {
  ActivityKind,
  BookingStatus,
  ContentKind,
  ContentVersionStatus,
  MailKind,
  MailStatus,
  PreferredContact,
  QuoteStatus,
  Role,
  ScheduledAction,
  ScheduledChangeState,
  WidgetType,
} from '#shared/value-sets.ts';
import type { DraftKind } from '#shared/schemas/versions.ts';

export type { Role, WidgetType };

export interface UsersTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string;
  telephone: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
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

export interface SessionsTable {
  id: string;
  user_id: number | null;
  remember: ColumnType<boolean, boolean | undefined, boolean>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_seen_at: Timestamp;
  password_confirmed_at: NullableTimestamp;
  pending_user_id: number | null;
  pending_remember: ColumnType<boolean, boolean | undefined, boolean>;
  pending_expires_at: NullableTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}

/** A browser and system a user has signed in from (account/security-alerts.service.ts). */
export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the user's id, the browser's and the system's names. */
  device_hash: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

/** The single-use "this wasn't me" link of a security e-mail (only the token's SHA-256). */
export interface SecurityAlertTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  /** On the link mailed to the old address of an e-mail change: the address that link restores. */
  restore_email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A one-time sign-in code sent by e-mail (account/email-codes.service.ts); one live code per user. */
export interface EmailLoginCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA-256 (APP_KEY) of the user's id and the code. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

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

/** A WebAuthn ceremony's challenge: single use, short-lived. */
export interface WebauthnChallengesTable {
  challenge: string;
  /** 'confirm': a passkey in place of the password before a protected action. */
  purpose: 'register' | 'authenticate' | 'confirm';
  user_id: number | null;
  /** The session a 'confirm' challenge was made for (null for the others). */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
}

export interface ImagesTable {
  id: Generated<number>;
  original_key: string;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
  /** Null until the medium variant is made (rows written before it existed: images/medium-backfill.ts). */
  medium_key: string | null;
  medium_width: number | null;
  medium_height: number | null;
  created_at: Timestamp;
}

export interface WidgetsTable {
  id: Generated<number>;
  name: string;
  type: WidgetType;
  html: ColumnType<string, string | undefined, string>;
  image_id: number | null;
  alt: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the row is in the bin (issue 27); every normal read skips it. */
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface GalleriesTable {
  id: Generated<number>;
  name: string;
  url: ColumnType<string, string | undefined, string>;
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  cover_image_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the row is in the bin (issue 27); every normal read skips it. */
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface GalleryImagesTable {
  id: Generated<number>;
  gallery_id: number;
  image_id: number;
  alt: ColumnType<string, string | undefined, string>;
  link: string | null;
  position: number;
  created_at: Timestamp;
}

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  score: number;
  review: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the row is in the bin (issue 27); every normal read skips it. */
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CvDownloadsTable {
  id: Generated<number>;
  user_id: number;
  downloaded_by: number | null;
  downloaded_at: Timestamp;
}

export interface AppStateTable {
  key: string;
  value: string;
}

/** One rate-limit window (auth/rate-limiter.ts's PostgreSQL store). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

/** The shop's details: one row, id 1. The list columns hold JSON text (shop.repository.ts reads and writes it). */
export interface ShopTable {
  id: ColumnType<number, 1 | undefined, never>;
  name: string;
  tagline: string;
  address_lines: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
  telephone: string;
  email: string;
  latitude: number;
  longitude: number;
  social_links: string;
  opening_hours: string;
  closures: string;
  time_zone: string;
  /** JSON text: string[]. */
  accreditations: string;
  /** JSON text: string[]. */
  insurers: string;
  year_established: number | null;
  warranty: string;
  reviews_url: string;
  review_link: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
  /** When an admin last saved the details (shop.update); null: as the seed wrote them (the first-run checklist reads it). */
  edited_at: NullableTimestamp;
}

/** A quote request from /quote (quotes/quote-requests.repository.ts). */
export interface QuoteRequestsTable {
  id: Generated<number>;
  reference: string;
  user_id: number | null;
  name: string;
  email: string;
  telephone: string | null;
  vehicle: string;
  registration: string | null;
  description: string;
  preferred_contact: PreferredContact;
  status: ColumnType<QuoteStatus, QuoteStatus | undefined, QuoteStatus>;
  notes: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: NullableTimestamp;
  photos_deleted_at: NullableTimestamp;
}

/** The shop's answer to a quote request: a price and a message, mailed to the customer (quotes/quote-replies.repository.ts). */
export interface QuoteRepliesTable {
  id: Generated<number>;
  quote_request_id: number;
  price_pence: number;
  message: string;
  sent_by: number | null;
  created_at: Timestamp;
}

/** A quote request's private photo: two WebP variants (quotes/quote-request-photos.repository.ts). */
export interface QuoteRequestPhotosTable {
  id: Generated<number>;
  quote_request_id: number;
  position: number;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
  created_at: Timestamp;
}

/** One e-mail the site sends (mail/outgoing-mail.repository.ts; the send-mail job sends it). */
export interface OutgoingMailTable {
  id: string;
  kind: MailKind;
  recipient: string;
  subject: ColumnType<string, string | undefined, string>;
  params: ColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  first_failed_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: Timestamp | null;
}

/** A kind of appointment the customer can book (bookings/booking-types.repository.ts). */
export interface BookingTypesTable {
  id: Generated<number>;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  duration_minutes: number;
  capacity: number;
  asks_location: ColumnType<boolean, boolean | undefined, boolean>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The shop's booking rules: one row, id 1 (bookings/booking-settings.repository.ts). */
export interface BookingSettingsTable {
  id: ColumnType<number, 1 | undefined, never>;
  earliest_working_days: ColumnType<number, number | undefined, number>;
  horizon_days: ColumnType<number, number | undefined, number>;
  change_cutoff_hours: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** A time no booking can take, beside the shop's closures (bookings/blocked-times.repository.ts). */
export interface BlockedTimesTable {
  id: Generated<number>;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  note: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** A customer's booking (bookings/bookings.repository.ts). */
export interface BookingsTable {
  id: Generated<number>;
  reference: string;
  booking_type_id: number;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  user_id: number | null;
  quote_request_id: number | null;
  quote_reference: string | null;
  name: string;
  email: string;
  telephone: string;
  vehicle: string;
  registration: string | null;
  location: string | null;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  cancel_reason: string | null;
  change_request: string | null;
  change_requested_at: NullableTimestamp;
  manage_salt: string;
  manage_token_hash: string;
  reminder_sent_at: NullableTimestamp;
  morning_reminder_sent_at: NullableTimestamp;
  seen_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A place a booking holds in its slot: the primary key is the capacity rule (booking-slot-places.repository.ts). */
export interface BookingSlotPlacesTable {
  booking_type_id: number;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  place: number;
  booking_id: number;
}

/** A stage of the shop's repair list (repair-jobs/repair-stages.repository.ts). */
export interface RepairStagesTable {
  id: Generated<number>;
  name: string;
  position: number;
  is_collected: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** A car in the workshop (repair-jobs/repair-jobs.repository.ts). booking_id: the booking it was opened from (one job per booking). */
export interface RepairJobsTable {
  id: Generated<number>;
  reference: string;
  quote_request_id: number | null;
  booking_id: number | null;
  user_id: number | null;
  customer_name: string;
  customer_email: string;
  customer_telephone: string | null;
  vehicle: string;
  registration: string | null;
  agreed_work: string;
  /** A calendar date, read back as 'YYYY-MM-DD'. */
  promised_ready_on: string;
  stage_id: number;
  tracker_token_hash: string | null;
  tracker_salt: string;
  tracker_revoked_at: NullableTimestamp;
  collected_at: NullableTimestamp;
  notified_stage_id: number | null;
  anonymised_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RepairJobStageHistoryTable {
  id: Generated<number>;
  repair_job_id: number;
  stage_id: number | null;
  stage_name: string;
  reached_at: Timestamp;
}

export interface RepairJobDateChangesTable {
  id: Generated<number>;
  repair_job_id: number;
  old_date: string;
  new_date: string;
  reason: string;
  created_at: Timestamp;
}

export interface RepairJobNotesTable {
  id: Generated<number>;
  repair_job_id: number;
  author_id: number | null;
  body: string;
  created_at: Timestamp;
}

export interface RepairJobPhotosTable {
  id: Generated<number>;
  repair_job_id: number;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
  shared: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** The review request after collection (reviews/repair-review-requests.repository.ts). */
export interface RepairReviewRequestsTable {
  id: Generated<number>;
  repair_job_id: number;
  token_hash: string | null;
  token_salt: string;
  sent_at: NullableTimestamp;
  reminder_sent_at: NullableTimestamp;
  responded_at: NullableTimestamp;
  score: number | null;
  feedback: string | null;
  display_name: string | null;
  consent: ColumnType<boolean, boolean | undefined, boolean>;
  moderation: 'pending' | 'approved' | 'rejected' | null;
  testimonial_id: number | null;
  created_at: Timestamp;
}

export interface RepairJobMessagesTable {
  id: Generated<number>;
  repair_job_id: number;
  body: string;
  created_at: Timestamp;
}

/** A kept version (or the one draft) of an item an admin edits; `data` is the item's fields as JSON. */
export interface ContentVersionsTable {
  id: Generated<number>;
  item_kind: ContentKind;
  item_id: number;
  number: number | null;
  status: ContentVersionStatus;
  data: string;
  author_id: number | null;
  restored_from: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The pictures a version names, kept while the version is (images.repository deleteUnreferencedImages). */
export interface ContentVersionImagesTable {
  version_id: number;
  image_id: number;
}

/** A publish or a revert an admin scheduled (versions/scheduled-changes.repository.ts). */
export interface ScheduledChangesTable {
  id: Generated<number>;
  item_kind: DraftKind;
  item_id: number;
  action: ScheduledAction;
  run_at: Timestamp;
  state: ColumnType<ScheduledChangeState, ScheduledChangeState | undefined, ScheduledChangeState>;
  outcome: string | null;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  job_id: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  known_devices: KnownDevicesTable;
  security_alert_tokens: SecurityAlertTokensTable;
  email_login_codes: EmailLoginCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  images: ImagesTable;
  widgets: WidgetsTable;
  galleries: GalleriesTable;
  gallery_images: GalleryImagesTable;
  testimonials: TestimonialsTable;
  cv_downloads: CvDownloadsTable;
  app_state: AppStateTable;
  rate_limits: RateLimitsTable;
  shop: ShopTable;
  quote_requests: QuoteRequestsTable;
  quote_request_photos: QuoteRequestPhotosTable;
  quote_replies: QuoteRepliesTable;
  outgoing_mail: OutgoingMailTable;
  booking_types: BookingTypesTable;
  booking_settings: BookingSettingsTable;
  blocked_times: BlockedTimesTable;
  bookings: BookingsTable;
  booking_slot_places: BookingSlotPlacesTable;
  repair_stages: RepairStagesTable;
  repair_jobs: RepairJobsTable;
  repair_job_stage_history: RepairJobStageHistoryTable;
  repair_job_date_changes: RepairJobDateChangesTable;
  repair_job_notes: RepairJobNotesTable;
  repair_job_photos: RepairJobPhotosTable;
  repair_job_messages: RepairJobMessagesTable;
  repair_review_requests: RepairReviewRequestsTable;
  activity_entries: ActivityEntriesTable;
  content_versions: ContentVersionsTable;
  content_version_images: ContentVersionImagesTable;
  scheduled_changes: ScheduledChangesTable;
}

/** The activity log (migrations/2026-11-26T0740_activity_log.ts): insert-only but for account deletion. */
export interface ActivityEntriesTable {
  id: Generated<number>;
  created_at: Timestamp;
  actor_user_id: number | null;
  actor_label: string;
  ip_address: string | null;
  kind: ActivityKind;
  item_type: string | null;
  item_id: number | null;
  item_label: string | null;
  version_id: number | null;
  details: string | null;
  once_key: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ImageRow = Selectable<ImagesTable>;
