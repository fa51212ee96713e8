import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError, summariseFieldErrors } from '#server/errors.ts';
import { appErrorOf } from '#server/trpc.ts';
import { restErrorResponse } from '#server/rest/error-response.ts';

const zodError = z.object({ email: z.string() }).safeParse({}).error!;

describe('one error vocabulary', () => {
  it('turns an input validation error into a 422 with per-field messages', () => {
    const error = appErrorOf(new TRPCError({ code: 'BAD_REQUEST', cause: zodError }));
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(['email']);
  });

  it("treats an output validation error as a server error, never the caller's fault", () => {
    const error = appErrorOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause: zodError }));
    expect(error.code).toBe('INTERNAL');
    expect(restErrorResponse(error)).toEqual({ status: 500, headers: {}, body: { message: 'Server Error' } });
  });

  it("never passes an unknown error's message on", () => {
    const error = appErrorOf(new Error('connect ECONNREFUSED 10.0.0.1:5432 at /srv/app/db.ts:12'));
    expect(restErrorResponse(error).body).toEqual({ message: 'Server Error' });
  });

  it('summarises field errors as Laravel does', () => {
    expect(summariseFieldErrors({ a: ['First.'] })).toBe('First.');
    expect(summariseFieldErrors({ a: ['First.', 'Second.'] })).toBe('First. (and 1 more error)');
    expect(summariseFieldErrors({ a: ['First.'], b: ['Second.', 'Third.'] })).toBe('First. (and 2 more errors)');
  });

  it('puts Retry-After on a 429', () => {
    const response = restErrorResponse(new AppError('TOO_MANY_REQUESTS', 'Slow down.', undefined, 42));
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('42');
  });
});
