/**
 * tRPC, initialised once. Holds the procedure builders every router uses:
 *   publicProcedure    anyone
 *   signedInProcedure  a signed-in user (401 otherwise)
 *   verifiedProcedure  signed in with a verified e-mail (403 otherwise)
 *   confirmedProcedure verified, and the password confirmed in this session within 3 hours (423)
 *   adminProcedure     signed in with role admin (403 otherwise)
 * and the error formatter that turns an AppError (or a zod input error) into the `data` the
 * client reads. It does not hold routers (router.ts) or HTTP plumbing (app.ts, rest/).
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError, type z } from 'zod';
import type { RequestContext } from './context.ts';
import { AppError } from './errors.ts';
import { ERROR_MESSAGES, type AppErrorCode, type AppErrorData } from '#shared/errors.ts';
import { assertAccess, type AccessLevel } from './auth/access.ts';
import { fieldErrorsFromZod } from '#shared/validation.ts';
import { withCheckErrors, type InputCheck } from './validation/input-checks.ts';

/** REST-only details a procedure can declare next to its OpenAPI path. */
export interface RestMeta {
  /** Success status when it is not 200 (201 for creations, 204 for no content). */
  successStatus?: number;
}

export type ProcedureMeta = OpenApiMeta<{ rest?: RestMeta; authorization?: string }>;

const trpcCodeOf: Record<AppErrorCode, TRPCError['code']> = {
  VALIDATION: 'UNPROCESSABLE_CONTENT',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  INVALID_SIGNATURE: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CSRF_MISMATCH: 'FORBIDDEN',
  PASSWORD_CONFIRMATION_REQUIRED: 'PRECONDITION_FAILED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** Wraps an AppError so tRPC carries it; the formatter and the REST layer unwrap it again. */
function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeOf[error.code], message: error.message, cause: error });
}

/** The AppError behind any error a procedure threw; zod input errors become a 422. */
export function appErrorOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    // Only an input error is the caller's fault; a zod error on the output is a server bug (500).
    if (error.code === 'BAD_REQUEST' && error.cause instanceof ZodError) {
      return AppError.validation(fieldErrorsFromZod(error.cause));
    }
    if (error.code === 'NOT_FOUND') return AppError.notFound();
    if (error.code === 'UNAUTHORIZED') return AppError.unauthenticated();
    if (error.code === 'FORBIDDEN') return AppError.forbidden();
    if (error.code === 'PAYLOAD_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', 'The request is too large.');
    if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') {
      return new AppError('VALIDATION', ERROR_MESSAGES.invalidData, {});
    }
  }
  return AppError.internal();
}

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const appError = appErrorOf(error);
      const data: AppErrorData = {
        appCode: appError.code,
        httpStatus: appError.httpStatus,
        fieldErrors: appError.fieldErrors ?? null,
        retryAfter: appError.retryAfter ?? null,
      };
      // Never a stack trace or an internal message in a response.
      return { message: appError.message, code: shape.code, data };
    },
  });

export const router = t.router;

/** Turns AppErrors thrown by services into TRPCErrors, keeping the original as the cause. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const wrapped = toTrpcError(result.error.cause);
    return { ...result, error: wrapped };
  }
  return result;
});

export const publicProcedure = t.procedure.use(appErrors);

/**
 * Database checks (validation/input-checks.ts) for a procedure's input. Place it BEFORE
 * `.input(schema)`, with the same schema: when the schema rejects the input, the check runs on
 * the raw input and its messages join zod's in the one 422 (fields in the schema's order). When
 * the schema passes nothing runs here (the service checks).
 */
export function withInputChecks(schema: z.ZodType, check: InputCheck) {
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    const result = await next();
    // BAD_REQUEST with a ZodError is the input parser's (an output error is INTERNAL_SERVER_ERROR).
    if (result.ok || result.error.code !== 'BAD_REQUEST' || !(result.error.cause instanceof ZodError)) return result;
    const merged = await withCheckErrors(appErrorOf(result.error), schema, ctx, await getRawInput(), check);
    return { ...result, error: toTrpcError(merged) };
  });
}

function accessMiddleware(level: AccessLevel) {
  return t.middleware(({ ctx, next }) => {
    try {
      assertAccess(ctx, level);
    } catch (error) {
      throw toTrpcError(error as AppError);
    }
    // assertAccess proved these are present for every level but public.
    return next({ ctx: { ...ctx, user: ctx.user!, session: ctx.session! } });
  });
}

export const signedInProcedure = publicProcedure.use(accessMiddleware('signedIn'));
export const verifiedProcedure = publicProcedure.use(accessMiddleware('verified'));
export const confirmedProcedure = publicProcedure.use(accessMiddleware('confirmed'));
export const adminProcedure = publicProcedure.use(accessMiddleware('admin'));
