// Reading errors the same way whether they came from tRPC or from an upload (XMLHttpRequest).
import { TRPCClientError } from '@trpc/client';
import { UploadError } from '#client/lib/upload-error.ts';

import type { AppErrorCode, AppErrorData, FieldErrors } from '#shared/errors.ts';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The `data` the server's error formatter puts on every tRPC error; absent before tRPC (a 419). */
function trpcDataOf(error: unknown): Partial<AppErrorData> | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data ?? undefined) as Partial<AppErrorData> | undefined;
}

/**
 * The HTTP status behind an error. A 419 on /trpc is answered before tRPC sees the request, so
 * it has no `data`; its status is on the raw response.
 */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof UploadError) return error.status;
  if (error instanceof TRPCClientError) {
    const data = trpcDataOf(error);
    if (typeof data?.httpStatus === 'number') return data.httpStatus;
    const response = (error.meta as { response?: { status?: number } } | undefined)?.response;
    return typeof response?.status === 'number' ? response.status : undefined;
  }
  return undefined;
}

export function appCodeOf(error: unknown): AppErrorCode | undefined {
  const code = trpcDataOf(error)?.appCode;
  if (code) return code;
  if (error instanceof UploadError && error.status === 403) {
    return /not verified/i.test(error.body.message ?? '') ? 'EMAIL_NOT_VERIFIED' : 'FORBIDDEN';
  }
  return undefined;
}

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (error instanceof UploadError) return error.body.errors ?? {};
  return trpcDataOf(error)?.fieldErrors ?? {};
}

export function firstError(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.[0];
}

/** Messages for answers that come before tRPC (the CSRF check) and so carry no server text. */
const STATUS_MESSAGES: Record<number, string> = {
  419: 'Your session has expired. Please try again.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

export function messageOf(error: unknown): string {
  if (error instanceof UploadError) return error.body.message || FALLBACK_MESSAGE;
  if (error instanceof TRPCClientError) {
    if (trpcDataOf(error)) return error.message || FALLBACK_MESSAGE;
    // No tRPC data: an answer from before tRPC, or a failed fetch (offline), whose own message
    // ("Unable to transform response from server") means nothing to a visitor.
    const status = statusOf(error);
    return (status !== undefined && STATUS_MESSAGES[status]) || FALLBACK_MESSAGE;
  }
  return FALLBACK_MESSAGE;
}

/** What a 409 offers instead (a booking's next free slots), or undefined. */
export function detailsOf(error: unknown): Record<string, unknown> | undefined {
  return trpcDataOf(error)?.details ?? undefined;
}
