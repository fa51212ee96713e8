/**
 * The one place that turns any error into docs/rest-contract.md's status, headers and JSON body. Used by
 * the REST adapter, the upload routes and Fastify's own error handler.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError, summariseFieldErrors } from '#server/errors.ts';
import { appErrorOf } from '#server/trpc.ts';

export interface RestErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: { message: string; errors?: Record<string, string[]> };
}

export function restErrorResponse(error: AppError): RestErrorResponse {
  const status = error.httpStatus;
  const headers: Record<string, string> = {};
  if (error.code === 'TOO_MANY_REQUESTS' && error.retryAfter) headers['retry-after'] = String(error.retryAfter);
  if (error.code === 'VALIDATION') {
    const errors = error.fieldErrors ?? {};
    return { status, headers, body: { message: Object.keys(errors).length ? summariseFieldErrors(errors) : error.message, errors } };
  }
  return { status, headers, body: error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message } };
}

/** Fastify's own errors (bad JSON, body too large, unsupported type) keep their status. */
function fromFastifyError(error: unknown): AppError | { status: number; message: string } | null {
  const e = error as { code?: string; statusCode?: number };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: 'The request is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported Media Type.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON.' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 400, message: 'The form data could not be read.' };
    default:
      break;
  }
  if (e.statusCode === 400 && (error as Error).name === 'SyntaxError')
    return { status: 400, message: 'The request body is not valid JSON.' };
  return null;
}

export function sendRestError(reply: FastifyReply, error: unknown, log: FastifyBaseLogger): FastifyReply {
  const fastifyError = fromFastifyError(error);
  if (fastifyError && !(fastifyError instanceof AppError)) {
    return reply.code(fastifyError.status).type('application/json').send({ message: fastifyError.message });
  }
  const appError = appErrorOf(error);
  if (appError.code === 'INTERNAL') log.error({ err: error }, 'request failed');
  else if (appError.code === 'INSUFFICIENT_STORAGE') log.error({ err: error }, 'the disk is full');
  const { status, headers, body } = restErrorResponse(appError);
  return reply.code(status).headers(headers).type('application/json').send(body);
}
