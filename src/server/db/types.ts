// Table types for Kysely, written to match migrations/ (test/db/migrations.test.ts checks that
// every column named here exists in both engines).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

import type { MailKind, MailStatus, PreferredContact, QuoteStatus, Role, WidgetType } from '#shared/value-sets.ts';

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
}

export interface GalleriesTable {
  id: Generated<number>;
  name: string;
  url: ColumnType<string, string | undefined, string>;
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  cover_image_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
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
  updated_at: Timestamp;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
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
  outgoing_mail: OutgoingMailTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ImageRow = Selectable<ImagesTable>;
