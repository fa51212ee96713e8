/**
 * The one place that turns any error into docs/rest-contract.md's status, headers and JSON body. Used by
 * the REST adapter (uploads included) and Fastify's own error handler.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { summariseFieldErrors, toAppError, type AppError } from '#server/errors.ts';

export interface RestErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: { message: string; errors?: Record<string, string[]> } & Record<string, unknown>;
}

export function restErrorResponse(error: AppError): RestErrorResponse {
  const status = error.httpStatus;
  const headers: Record<string, string> = {};
  if (error.code === 'TOO_MANY_REQUESTS' && error.retryAfter) headers['retry-after'] = String(error.retryAfter);
  if (error.code === 'VALIDATION') {
    const errors = error.fieldErrors ?? {};
    return { status, headers, body: { message: Object.keys(errors).length ? summariseFieldErrors(errors) : error.message, errors } };
  }
  const body = error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message };
  return { status, headers, body: error.details ? { ...body, ...error.details } : body };
}

/**
 * Answers any error in the contract's shape. toAppError (errors.ts) decides the status: a 4xx keeps
 * its status, an unreachable database is a 503, anything else a 500 with the fixed message, whose
 * details go to the log only. A reply already sent (a stream that failed half-way) is left alone.
 */
export function sendRestError(reply: FastifyReply, error: unknown, log: FastifyBaseLogger): FastifyReply {
  const appError = toAppError(error);
  if (appError.code === 'INTERNAL') log.error({ err: error }, 'request failed');
  else if (appError.code === 'INSUFFICIENT_STORAGE') log.error({ err: error }, 'the disk is full');
  else if (appError.code === 'UNAVAILABLE') log.warn({ err: error }, 'database unavailable');
  if (reply.sent || reply.raw.headersSent) return reply;
  const { status, headers, body } = restErrorResponse(appError);
  return reply.code(status).headers(headers).type('application/json').send(body);
}
