/**
 * The error vocabulary both sides speak: the codes a service can fail with, the per-field
 * messages of a 422, and the `data` the tRPC error formatter attaches to every error
 * (src/server/trpc.ts), which the client reads (src/client/lib/api-errors.ts).
 */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400, // the request itself cannot be read: bad JSON, broken multipart, a bad header
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403, // the role does not allow it
  EMAIL_NOT_VERIFIED: 403,
  INVALID_SIGNATURE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409, // the thing changed under the request (the last place of a slot just went)
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CSRF_MISMATCH: 419,
  PASSWORD_CONFIRMATION_REQUIRED: 423,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503, // the database or the file bucket does not answer; try again
  INSUFFICIENT_STORAGE: 507, // the disk that holds uploads is full; nothing was stored
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
  /** What a 409 offers instead (a booking's next free slots), or null. */
  details?: Record<string, unknown> | null;
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
  insufficientStorage: 'There is not enough storage space to save this file. Nothing was saved; please try again later.',
  badRequest: 'The request could not be read.',
  invalidJson: 'The request body is not valid JSON.',
  invalidForm: 'The form data could not be read.',
  methodNotAllowed: 'The method is not allowed for this path.',
  requestTimeout: 'The request took too long.',
  tooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported Media Type.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  storageUnavailable: 'File storage is unavailable at the moment. Please try again in a few minutes.',
} as const;
