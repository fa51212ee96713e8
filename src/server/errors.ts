/**
 * The one error type services throw. `code` picks the HTTP status (src/shared/errors.ts); the
 * tRPC error formatter (trpc.ts) and the REST error reply (rest/error-response.ts) are the only
 * two places that turn it into a response. Build one with a factory, so each fixed message is
 * written once.
 */
import { APP_ERROR_STATUS, ERROR_MESSAGES, type AppErrorCode, type FieldErrors } from '#shared/errors.ts';

export class AppError extends Error {
  override name = 'AppError';
  /** Set only by AppError.clientError, for the rare 4xx of HTTP itself that has no code of its own (416, 431). */
  private statusOverride: number | undefined;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** Seconds, for TOO_MANY_REQUESTS. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.statusOverride ?? APP_ERROR_STATUS[this.code];
  }

  /** A 4xx that HTTP itself raised (a range not satisfiable, headers too large): its status, a fixed message. */
  static clientError(status: number): AppError {
    const error = new AppError('BAD_REQUEST', ERROR_MESSAGES.badRequest);
    if (status >= 400 && status < 500) error.statusOverride = status;
    return error;
  }

  static badRequest(message: string = ERROR_MESSAGES.badRequest): AppError {
    return new AppError('BAD_REQUEST', message);
  }

  static methodNotAllowed(): AppError {
    return new AppError('METHOD_NOT_ALLOWED', ERROR_MESSAGES.methodNotAllowed);
  }

  static requestTimeout(): AppError {
    return new AppError('REQUEST_TIMEOUT', ERROR_MESSAGES.requestTimeout);
  }

  static unsupportedMediaType(): AppError {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.unsupportedMediaType);
  }

  /** The database does not answer: a 503 the client may retry, never the driver's words. */
  static unavailable(): AppError {
    return new AppError('UNAVAILABLE', ERROR_MESSAGES.unavailable);
  }

  /** A 422 for one field, with Laravel's message text. */
  static field(field: string, message: string): AppError {
    return new AppError('VALIDATION', message, { [field]: [message] });
  }

  /** A 422 for every field at once; its message is the first one (the REST body adds "(and N more errors)"). */
  static validation(fieldErrors: FieldErrors): AppError {
    return new AppError('VALIDATION', Object.values(fieldErrors).flat()[0] ?? ERROR_MESSAGES.invalidData, fieldErrors);
  }

  static unauthenticated(): AppError {
    return new AppError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
  }

  static forbidden(): AppError {
    return new AppError('FORBIDDEN', ERROR_MESSAGES.forbidden);
  }

  static emailNotVerified(): AppError {
    return new AppError('EMAIL_NOT_VERIFIED', ERROR_MESSAGES.emailNotVerified);
  }

  static invalidSignature(): AppError {
    return new AppError('INVALID_SIGNATURE', ERROR_MESSAGES.invalidSignature);
  }

  static notFound(message: string = ERROR_MESSAGES.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static csrfMismatch(): AppError {
    return new AppError('CSRF_MISMATCH', ERROR_MESSAGES.csrfMismatch);
  }

  static passwordConfirmationRequired(): AppError {
    return new AppError('PASSWORD_CONFIRMATION_REQUIRED', ERROR_MESSAGES.passwordConfirmationRequired);
  }

  /** A 413 whose message also stands on `field`, as the upload forms show it. */
  static tooLarge(field: string, message: string): AppError {
    return new AppError('PAYLOAD_TOO_LARGE', message, { [field]: [message] });
  }

  /** A body over its limit (the JSON body limit, a multipart field or part count). */
  static payloadTooLarge(): AppError {
    return new AppError('PAYLOAD_TOO_LARGE', ERROR_MESSAGES.tooLarge);
  }

  static tooManyRequests(retryAfterSeconds: number, message: string = ERROR_MESSAGES.tooManyAttempts, fieldErrors?: FieldErrors): AppError {
    return new AppError('TOO_MANY_REQUESTS', message, fieldErrors, retryAfterSeconds);
  }

  /** A 503: the file bucket failed (s3-storage.ts logs the cause). */
  static storageUnavailable(): AppError {
    return new AppError('UNAVAILABLE', ERROR_MESSAGES.storageUnavailable);
  }

  static internal(): AppError {
    return new AppError('INTERNAL', ERROR_MESSAGES.server);
  }

  /** The disk that holds uploads is full: a 507, and nothing of the upload was kept. */
  static insufficientStorage(): AppError {
    return new AppError('INSUFFICIENT_STORAGE', ERROR_MESSAGES.insufficientStorage);
  }
}

/** Laravel's summary: the first message, then "(and N more errors)". */
export function summariseFieldErrors(fieldErrors: FieldErrors): string {
  const all = Object.values(fieldErrors).flat();
  const first = all[0] ?? ERROR_MESSAGES.invalidData;
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more error${more === 1 ? '' : 's'})`;
}

/** True when the database refused a row for a unique index (PostgreSQL's 23505, on both engines). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * True when an error means the database cannot be reached or is not taking work (down, starting,
 * shutting down, refusing connections, closed): a 503, not a 500. PostgreSQL's SQLSTATE classes
 * 08 (connection), 57P (operator intervention) and 53300 (too many connections), 55000 for a database
 * that does not accept connections, the driver's socket errors, and a closed PGlite.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^08|^57P0[1-4]$|^53300$/.test(code)) return true;
    if (code === '55000' && typeof message === 'string' && /accepting connections/i.test(message)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  }
  if (typeof message === 'string') {
    // node-postgres and its pool, PGlite and Kysely (a closed database) say these without a code.
    if (
      /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end|driver has already been destroyed/i.test(
        message,
      )
    )
      return true;
  }
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** Fastify's, its plugins' and HTTP's own error codes, each with the contract's answer. */
const REQUEST_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => AppError.payloadTooLarge(),
  FST_REQ_FILE_TOO_LARGE: () => AppError.payloadTooLarge(),
  FST_PARTS_LIMIT: () => AppError.payloadTooLarge(),
  FST_FILES_LIMIT: () => AppError.payloadTooLarge(),
  FST_FIELDS_LIMIT: () => AppError.payloadTooLarge(),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => AppError.unsupportedMediaType(),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => AppError.badRequest(),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => AppError.badRequest(ERROR_MESSAGES.invalidJson),
  FST_ERR_CTP_INVALID_JSON_BODY: () => AppError.badRequest(ERROR_MESSAGES.invalidJson),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => AppError.badRequest(ERROR_MESSAGES.invalidForm),
  FST_PROTO_VIOLATION: () => AppError.badRequest(ERROR_MESSAGES.invalidForm),
  FST_INVALID_JSON_FIELD_ERROR: () => AppError.badRequest(ERROR_MESSAGES.invalidForm),
  FST_ERR_BAD_URL: () => AppError.badRequest(),
  FST_ERR_ASYNC_CONSTRAINT: () => AppError.badRequest(),
  ERR_STREAM_PREMATURE_CLOSE: () => AppError.badRequest(ERROR_MESSAGES.invalidForm),
};

/**
 * The AppError for an error that did not come from a service: the database unavailable (503), a
 * request Fastify or a body parser refused (its 4xx), any other error with a 4xx status (a static
 * file's 403 or 416), busboy's complaints about a broken multipart body (400). Null when the error
 * is none of these (then it is a 500). The tRPC formatter and the REST error reply both use it,
 * through appErrorOf (trpc.ts).
 */
export function requestErrorOf(error: unknown): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  if (isDatabaseUnavailable(error)) return AppError.unavailable();
  const { code, statusCode, message, name } = error as { code?: unknown; statusCode?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && REQUEST_ERRORS[code]) return REQUEST_ERRORS[code]();
  // busboy (under @fastify/multipart) throws plain Errors for a body it cannot read.
  if (
    typeof message === 'string' &&
    /^(Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Boundary required|\w+ terminated early due to unexpected end of multipart data|Unsupported Content-Type|Missing Content-Type)/i.test(
      message,
    )
  )
    return AppError.badRequest(ERROR_MESSAGES.invalidForm);
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return null;
  if (statusCode === 400 && name === 'SyntaxError') return AppError.badRequest(ERROR_MESSAGES.invalidJson);
  switch (statusCode) {
    case 401:
      return AppError.unauthenticated();
    case 403:
      return AppError.forbidden();
    case 404:
      return AppError.notFound();
    case 405:
      return AppError.methodNotAllowed();
    case 408:
      return AppError.requestTimeout();
    case 413:
      return AppError.payloadTooLarge();
    case 415:
      return AppError.unsupportedMediaType();
    case 429:
      return AppError.tooManyRequests(1);
    default:
      return AppError.clientError(statusCode);
  }
}
