/**
 * The error vocabulary both sides speak: the codes a service can fail with, the per-field
 * messages of a 422, and the `data` the tRPC error formatter attaches to every error
 * (src/server/trpc.ts), which the client reads (src/client/lib/api-errors.ts).
 */
export const APP_ERROR_STATUS = {
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403, // the role does not allow it
  EMAIL_NOT_VERIFIED: 403,
  INVALID_SIGNATURE: 403,
  NOT_FOUND: 404,
  CSRF_MISMATCH: 419,
  PASSWORD_CONFIRMATION_REQUIRED: 423,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503, // a service the site depends on (the file bucket) failed; try again
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Field name to its messages, in the order the fields were checked. */
export type FieldErrors = Record<string, string[]>;

/** What every tRPC error carries in `data`. */
export interface AppErrorData {
  appCode: AppErrorCode;
  httpStatus: number;
  fieldErrors: FieldErrors | null;
  /** Seconds, for TOO_MANY_REQUESTS. */
  retryAfter: number | null;
}

/** The fixed messages of the access checks and the fallbacks (rest-contract.md, Conventions). */
export const ERROR_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  emailNotVerified: 'Your email address is not verified.',
  invalidSignature: 'Invalid signature.',
  notFound: 'Not Found.',
  csrfMismatch: 'CSRF token mismatch.',
  passwordConfirmationRequired: 'Password confirmation required.',
  invalidData: 'The given data was invalid.',
  tooManyAttempts: 'Too Many Attempts.',
  server: 'Server Error',
  storageUnavailable: 'File storage is unavailable at the moment. Please try again in a few minutes.',
} as const;
