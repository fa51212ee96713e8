/**
 * The one error type services throw. `code` picks the HTTP status (see rest/error-response.ts and
 * the tRPC error formatter in trpc.ts); `fieldErrors` carries per-field messages for 422s.
 */
export type AppErrorCode =
  | 'VALIDATION' // 422
  | 'UNAUTHENTICATED' // 401
  | 'FORBIDDEN' // 403 (role)
  | 'EMAIL_NOT_VERIFIED' // 403
  | 'INVALID_SIGNATURE' // 403
  | 'NOT_FOUND' // 404
  | 'CSRF_MISMATCH' // 419
  | 'PASSWORD_CONFIRMATION_REQUIRED' // 423
  | 'PAYLOAD_TOO_LARGE' // 413
  | 'TOO_MANY_REQUESTS' // 429
  | 'INTERNAL'; // 500

export type FieldErrors = Record<string, string[]>;

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

  /** A 422 for one field, with Laravel's message text. */
  static field(field: string, message: string): AppError {
    return new AppError('VALIDATION', message, { [field]: [message] });
  }

  static notFound(message = 'Not Found.'): AppError {
    return new AppError('NOT_FOUND', message);
  }
}

export const httpStatusOf: Record<AppErrorCode, number> = {
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_SIGNATURE: 403,
  NOT_FOUND: 404,
  CSRF_MISMATCH: 419,
  PASSWORD_CONFIRMATION_REQUIRED: 423,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
};

/** Laravel's summary: the first message, then "(and N more errors)". */
export function summariseFieldErrors(fieldErrors: FieldErrors): string {
  const all = Object.values(fieldErrors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more error${more === 1 ? '' : 's'})`;
}
