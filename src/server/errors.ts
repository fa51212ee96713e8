/**
 * The one error type services throw. `code` picks the HTTP status (src/shared/errors.ts); the
 * tRPC error formatter (trpc.ts) and the REST error reply (rest/error-response.ts) are the only
 * two places that turn it into a response. Build one with a factory, so each fixed message is
 * written once.
 */
import { APP_ERROR_STATUS, ERROR_MESSAGES, type AppErrorCode, type FieldErrors } from '#shared/errors.ts';

export class AppError extends Error {
  override name = 'AppError';
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
    return APP_ERROR_STATUS[this.code];
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
