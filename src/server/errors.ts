/**
 * The one error type services throw, and `toAppError`, the one chain that decides what any error
 * means to the caller. `code` picks the HTTP status (src/shared/errors.ts); the tRPC error formatter
 * (trpc.ts) and the REST error reply (rest/error-response.ts) are the only two places that turn it
 * into a response. Build one with a factory, so each fixed message is written once. What a database
 * error and an error of HTTP mean is decided in their own modules (db/database-errors.ts,
 * http-errors.ts); trpc.ts only unwraps tRPC's own errors before calling toAppError.
 */
import { APP_ERROR_STATUS, ERROR_MESSAGES, type AppErrorCode, type FieldErrors } from '#shared/errors.ts';
import { isDatabaseUnavailable } from './db/database-errors.ts';
import { isStorageFull } from './files/file-storage.ts';
import { httpRefusalOf, type HttpRefusal } from './http-errors.ts';

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
    /** What a 409 offers instead, added to the REST body and the tRPC error's data. */
    readonly details?: Record<string, unknown>,
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

  /** A 409: the request lost a race (the last place of a slot); `details` says what is left. */
  static conflict(message: string, fieldErrors: FieldErrors, details: Record<string, unknown>): AppError {
    return new AppError('CONFLICT', message, fieldErrors, undefined, details);
  }

  /** A 409: a restore or publish of an item that was deleted (or binned) since the page was opened. */
  static deletedMeanwhile(): AppError {
    return new AppError('CONFLICT', 'This item was deleted meanwhile.', undefined, undefined, { reason: 'deleted' });
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

const CODE_OF_STATUS: Partial<Record<number, AppErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function fromHttpRefusal({ status, message }: HttpRefusal): AppError {
  if (status === 429) return AppError.tooManyRequests(1);
  const code = CODE_OF_STATUS[status];
  return code ? new AppError(code, message) : AppError.clientError(status);
}

/**
 * The AppError behind any error, thrown anywhere, looking through `cause` (tRPC, Kysely and
 * pipelines wrap what failed): a service's AppError as it is; a full disk a 507; the database
 * unavailable a 503; a request HTTP refused its 4xx (http-errors.ts). Anything else is a 500 whose
 * message is the fixed "Server Error": never a driver's, a path or a stack.
 */
export function toAppError(error: unknown): AppError {
  const chain = causesOf(error);
  const own = chain.find((e) => e instanceof AppError);
  if (own) return own;
  if (isStorageFull(error)) return AppError.insufficientStorage();
  if (isDatabaseUnavailable(error)) return AppError.unavailable();
  for (const e of chain) {
    const refusal = httpRefusalOf(e);
    if (refusal) return fromHttpRefusal(refusal);
  }
  return AppError.internal();
}

/** The error and what it wraps, outermost first (a few levels: enough for any wrapper here). */
function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; typeof e === 'object' && e !== null && chain.length < 5 && !chain.includes(e); e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  return chain;
}
