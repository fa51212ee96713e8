// Business constants of docs/product.md section 9 and docs/rest-contract.md, shared by server and client.
export const CV_MAX_BYTES = 12 * 1024 * 1024;
export const CV_TOO_LARGE_MESSAGE = 'The file you have uploaded is too large. Max 12MB.';
export const IMAGE_MAX_BYTES = 256 * 1024 * 1024;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;
export const PASSWORD_CONFIRMATION_SECONDS = 10_800;
export const USERS_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE = 12;
export const SKILLS_PREVIEW_LENGTH = 80;
export const ABOUT_GALLERY_ID = 5;
export const NAV_SOLID_AFTER_PX = 110;
export const PROFILE_BANNER_MS = 4000;
export const ADMIN_BANNER_MS = 3000;
export const RECOVERY_CODE_COUNT = 8;
export const WIDGET_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const SIGNED_LINK_MINUTES = 60;
export const CV_LINK_SECONDS = 300;
/** The shop's details (src/shared/schemas/shop.ts): text lengths and list sizes. */
export const SHOP_LIMITS = {
  name: 150,
  text: 255,
  addressLines: 4,
  socialLinks: 10,
  socialLabel: 50,
  rangesPerDay: 4,
  closures: 50,
  closureNote: 200,
  /** Trust signals: accreditations and standards, insurers worked with, each a short name. */
  accreditations: 10,
  insurers: 20,
  signalName: 100,
  warranty: 255,
  /** The oldest year a shop can have started trading in. */
  firstYear: 1800,
} as const;
/** Quote requests (/quote, POST /api/quote-requests). */
export const QUOTE_PHOTOS_MAX = 6;
/**
 * Customers read sizes in MB, never MiB: "20 MB" is 20 × 1024 × 1024 bytes, the way the CV's "Max 12MB"
 * is counted (docs/rest-contract.md), and a file's size is shown in the same unit (megabytes()).
 */
export const QUOTE_PHOTO_MAX_MB = 20;
export const QUOTE_PHOTO_MAX_BYTES = QUOTE_PHOTO_MAX_MB * 1024 * 1024;
/** The photo types the server takes for sure, named the same in the form's hint and in every refusal. */
export const QUOTE_PHOTO_TYPES_NAMED = 'JPEG, PNG, WebP, GIF or AVIF';
export const QUOTE_DESCRIPTION_MIN = 20;
export const QUOTE_DESCRIPTION_MAX = 5000;
export const QUOTE_NOTES_MAX = 10_000;
/** The largest price the shop can quote (£100,000), and the longest message sent with it. */
export const QUOTE_REPLY_MAX_POUNDS = 100_000;
export const QUOTE_REPLY_MESSAGE_MAX = 2000;
export const QUOTES_PAGE_SIZE = 25;
/** How long a signed link to a private quote photo works. */
export const QUOTE_PHOTO_LINK_SECONDS = 15 * 60;
export const QUOTE_REQUESTS_PER_HOUR = 5;

/** Booking requests: per address, and per e-mail address. */
export const BOOKINGS_PER_HOUR = 10;
export const BOOKINGS_PER_EMAIL_PER_HOUR = 5;
/** A booking's manage link stops opening this many days after the visit ends (and at once when the booking is cancelled). */
export const MANAGE_LINK_DAYS_AFTER_VISIT = 14;
/** Change requests through one manage link, per day. */
export const BOOKING_CHANGE_REQUESTS_PER_LINK_PER_DAY = 3;

/**
 * A size as customers read it: "21.4 MB" (1 MB = 1024 × 1024 bytes, as the limits above), one decimal
 * rounded up, so a file over a limit never reads as the limit itself ("20.0 MB").
 */
export function megabytes(bytes: number): string {
  return `${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;
}

/** Repair jobs and the customer's tracker. */
export const REPAIR_AGREED_WORK_MAX = 5000;
export const REPAIR_NOTE_MAX = 5000;
export const REPAIR_DATE_REASON_MAX = 500;
export const REPAIR_STAGE_NAME_MAX = 60;
export const REPAIR_STAGES_MAX = 30;
export const REPAIR_MESSAGE_MAX = 2000;
export const REPAIR_PHOTOS_PER_UPLOAD = 6;
/** How long a signed link to a progress photo works (the tracker is reloaded often, so short). */
export const REPAIR_PHOTO_LINK_SECONDS = 15 * 60;
/** Tracker messages: per address and per job, in an hour. */
export const REPAIR_MESSAGES_PER_HOUR = 10;
/** The shop's replies in customers' threads: per staff member, in an hour (a slip of the Send button, not a day's work). */
export const THREAD_REPLIES_PER_HOUR = 120;
/** No stage-change e-mail goes between these hours at the shop: one held over goes at the end. */
export const REPAIR_MAIL_QUIET_FROM_HOUR = 20;
export const REPAIR_MAIL_QUIET_UNTIL_HOUR = 8;

// Constants the client's screens read at run time live here, not beside the schemas: a schema
// module brings zod (some 22 KB) into the download of every screen that imports from it (the
// client may import src/shared/schemas only as types: eslint.config.js).

/** How many days one availability request may span (the booking form asks for one range). */
export const BOOKING_AVAILABILITY_MAX_DAYS = 62;
/** The furthest ahead the booking settings may offer days (horizon_days). */
export const BOOKING_HORIZON_MAX_DAYS = 366;

/** The review request's feedback: at most this many characters (as a message to the shop). */
export const FEEDBACK_MAX = REPAIR_MESSAGE_MAX;

/** The dashboard warns when mail has been failing longer than this. */
export const MAIL_FAILING_WARNING_MINUTES = 15;
/** The Outgoing mail screen's counts by status stop past this ("10,000+"). */
export const MAIL_COUNT_CAP = 10_000;
/** The activity log's page: 25 unless `limit` asks for another size, at most ACTIVITY_PAGE_MAX. */
export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_PAGE_MAX = 100;
/** The log's count stops here ("1,000+"): counting a lifetime of entries on every page is too slow. */
export const ACTIVITY_COUNT_CAP = 1000;
/** The "Person" filter's answer: 20 people unless `limit` asks for another number, at most 50. */
export const ACTIVITY_PEOPLE_DEFAULT = 20;
export const ACTIVITY_PEOPLE_MAX = 50;

/**
 * Lists an admin keeps by hand, answered whole: each is bounded by refusing the item past its cap
 * when it is made, and every read stops at the cap too (docs/decisions/small-lists-capped-at-creation.md).
 */
export const LIST_CAPS = {
  widgets: 500,
  bookingTypes: 50,
  /** Blocked times ending from now on. */
  blockedTimesAhead: 500,
  /** The bookings a closure would clash with, listed before it is saved (the cancel takes all of them). */
  clashesListed: 200,
} as const;

/** The estimate terms' length (estimate settings): the schema's limit and the settings screen's. */
export const ESTIMATE_TERMS_MAX = 5000;

/** £1,000: no booking type asks a larger fixed deposit. */
export const DEPOSIT_FIXED_PENCE_MAX = 100_000;
