/**
 * What an error of HTTP itself means: a request Fastify, a body parser or multipart refused, a
 * static file's refusal, busboy's complaints about a broken body, a client that closed its request
 * mid-upload. Each is the caller's 4xx with a fixed message of ours (never the library's words);
 * errors.ts `toAppError` makes the AppError. Null for anything else.
 */
import { ERROR_MESSAGES } from '#shared/errors.ts';

export interface HttpRefusal {
  status: number;
  message: string;
}

const refusal = (status: number, message: string): HttpRefusal => ({ status, message });
const tooLarge = refusal(413, ERROR_MESSAGES.tooLarge);
const badForm = refusal(400, ERROR_MESSAGES.invalidForm);
const badJson = refusal(400, ERROR_MESSAGES.invalidJson);
const badRequest = refusal(400, ERROR_MESSAGES.badRequest);

/** Fastify's, its plugins' and HTTP's own error codes, each with the contract's answer. */
const BY_CODE: Record<string, HttpRefusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: tooLarge,
  FST_REQ_FILE_TOO_LARGE: tooLarge,
  FST_PARTS_LIMIT: tooLarge,
  FST_FILES_LIMIT: tooLarge,
  FST_FIELDS_LIMIT: tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: refusal(415, ERROR_MESSAGES.unsupportedMediaType),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: badRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: badJson,
  FST_ERR_CTP_INVALID_JSON_BODY: badJson,
  FST_INVALID_MULTIPART_CONTENT_TYPE: badForm,
  FST_PROTO_VIOLATION: badForm,
  FST_INVALID_JSON_FIELD_ERROR: badForm,
  FST_ERR_BAD_URL: badRequest,
  FST_ERR_ASYNC_CONSTRAINT: badRequest,
  ERR_STREAM_PREMATURE_CLOSE: badForm,
};

/** busboy (under @fastify/multipart) throws plain Errors for a body it cannot read. */
const BROKEN_MULTIPART =
  /^(Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Boundary required|\w+ terminated early due to unexpected end of multipart data|Unsupported Content-Type|Missing Content-Type)/i;

/**
 * A client that closes its request while the body arrives: Node's request stream fails with
 * ECONNRESET "aborted" (no socket call named, unlike a database driver's ECONNRESET). Nobody is
 * left to read the answer; it is the client's doing, not the database's.
 */
export function isClientAbort(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, syscall } = error as { code?: unknown; message?: unknown; syscall?: unknown };
  return code === 'ECONNRESET' && message === 'aborted' && syscall === undefined;
}

const MESSAGE_OF_STATUS: Record<number, string> = {
  401: ERROR_MESSAGES.unauthenticated,
  403: ERROR_MESSAGES.forbidden,
  404: ERROR_MESSAGES.notFound,
  405: ERROR_MESSAGES.methodNotAllowed,
  408: ERROR_MESSAGES.requestTimeout,
  413: ERROR_MESSAGES.tooLarge,
  415: ERROR_MESSAGES.unsupportedMediaType,
  429: ERROR_MESSAGES.tooManyAttempts,
};

/** The caller's 4xx behind an error of HTTP, or null (then it is not the caller's doing). */
export function httpRefusalOf(error: unknown): HttpRefusal | null {
  if (typeof error !== 'object' || error === null) return null;
  if (isClientAbort(error)) return badForm;
  const { code, statusCode, message, name } = error as { code?: unknown; statusCode?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code];
  if (typeof message === 'string' && BROKEN_MULTIPART.test(message)) return badForm;
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return null;
  if (statusCode === 400 && name === 'SyntaxError') return badJson;
  return refusal(statusCode, MESSAGE_OF_STATUS[statusCode] ?? ERROR_MESSAGES.badRequest);
}
