/**
 * tRPC, initialised once. Holds the procedure builders every router uses:
 *   publicProcedure    anyone
 *   signedInProcedure  a signed-in user (401 otherwise)
 *   verifiedProcedure  signed in with a verified e-mail (403 otherwise)
 *   confirmedProcedure verified, and the password confirmed in this session within 3 hours (423)
 *   adminProcedure     staff: an owner (role admin), or a staff role holding the procedure's
 *                      `meta.permission` (403 otherwise); the answer loses the fields the role may not read
 * `checkedInput(schema, ...checks)`, every procedure's input step, and the
 * error formatter that puts the AppError behind an error into the `data` the client reads. What an
 * error means is decided in errors.ts (`toAppError`); here only tRPC's own errors are unwrapped.
 * It does not hold routers (router.ts) or HTTP plumbing (app.ts, rest/).
 */
import { initTRPC, TRPCError, type AnyProcedure } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError, type z } from 'zod';
import type { RequestContext } from './context.ts';
import { AppError, toAppError } from './errors.ts';
import { ERROR_MESSAGES, type AppErrorCode, type AppErrorData } from '#shared/errors.ts';
import { assertAccess, type AccessLevel } from './auth/access.ts';
import { fieldErrorsFromZod } from '#shared/validation.ts';
import { asFields, parseInput, type InputCheck } from './validation/parse-input.ts';
import type { UploadMeta } from './uploads.ts';
import type { SnapshotRead } from './public-content/public-snapshot.ts';
import type { Permission } from '#shared/permissions.ts';
import { withoutHiddenFields } from './auth/permissions.ts';

/** REST-only details a procedure can declare next to its OpenAPI path. */
export interface RestMeta {
  /** Success status when it is not 200 (201 for creations, 204 for no content). */
  successStatus?: number;
  /**
   * The REST door sends the procedure's answer (a string, or an async iterable of strings streamed
   * as it yields them) as it is with this content type instead of JSON (the activity log's CSV:
   * text/csv). tRPC still answers a string as a JSON string.
   */
  contentType?: string;
}

/** What the public snapshot does for a procedure (docs/decisions/public-content-snapshot.md). */
export interface PublicContentMeta {
  /**
   * A public GET the snapshot answers: the fast path before Fastify matches the procedure's
   * `openapi` path and sends this read's answer (public-content/public-fast-path.ts).
   */
  publicSnapshot?: SnapshotRead;
  /**
   * A successful call changes what visitors see: the snapshot is rebuilt and the other copies
   * told before the answer leaves, on both doors and whatever the URL's spelling. Every mutation
   * of a content area says true or false (test/public-content/public-content-writes.test.ts).
   */
  changesPublicContent?: boolean;
}

/** For a public procedure whose answer is about one person (test/no-store.test.ts walks them all). */
export interface PersonalAnswerMeta {
  /**
   * The answer is personal though anyone may call it (a private link's booking, tracker or review
   * page, a sign-in's answer): `Cache-Control: no-store`, as every non-public procedure's answer.
   */
  personalAnswer?: boolean;
}

/** For a staff procedure (adminProcedure): what the permission table must give the caller's role. */
export interface PermissionMeta {
  /** Every adminProcedure declares one (test/authorization/permissions.test.ts walks them all). */
  permission?: Permission;
}

export type ProcedureMeta = OpenApiMeta<
  { rest?: RestMeta; authorization?: string; upload?: UploadMeta } & PublicContentMeta & PersonalAnswerMeta & PermissionMeta
>;

const trpcCodeOf: Record<AppErrorCode, TRPCError['code']> = {
  VALIDATION: 'UNPROCESSABLE_CONTENT',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  INVALID_SIGNATURE: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  CSRF_MISMATCH: 'FORBIDDEN',
  PASSWORD_CONFIRMATION_REQUIRED: 'PRECONDITION_FAILED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_SUPPORTED',
  REQUEST_TIMEOUT: 'TIMEOUT',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  // tRPC has no 507; the HTTP status comes from data.httpStatus all the same.
  INSUFFICIENT_STORAGE: 'INTERNAL_SERVER_ERROR',
};

/** Wraps an AppError so tRPC carries it; the formatter and the REST layer unwrap it again. */
function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeOf[error.code], message: error.message, cause: error });
}

/**
 * The AppError behind an error tRPC raised or wrapped: the AppError it carries, a zod input error
 * (422), tRPC's own refusals (405 for the wrong method, 400 for a body it cannot parse, 404 for an
 * unknown procedure); anything else is what it wraps, decided by toAppError (errors.ts).
 */
export function appErrorOf(error: unknown): AppError {
  if (!(error instanceof TRPCError) || error.cause instanceof AppError) return toAppError(error);
  // Only an input error is the caller's fault; a zod error on the output is a server bug (500).
  if (error.code === 'BAD_REQUEST' && error.cause instanceof ZodError) {
    return AppError.validation(fieldErrorsFromZod(error.cause));
  }
  if (error.code === 'NOT_FOUND') return AppError.notFound();
  if (error.code === 'UNAUTHORIZED') return AppError.unauthenticated();
  if (error.code === 'FORBIDDEN') return AppError.forbidden();
  if (error.code === 'PAYLOAD_TOO_LARGE') return AppError.payloadTooLarge();
  if (error.code === 'METHOD_NOT_SUPPORTED') return AppError.methodNotAllowed();
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return AppError.unsupportedMediaType();
  if (error.code === 'TOO_MANY_REQUESTS') return AppError.tooManyRequests(1);
  if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') {
    return new AppError('VALIDATION', ERROR_MESSAGES.invalidData, {});
  }
  // What tRPC wrapped: a full disk, the database, a request error, or a 500.
  return toAppError(error);
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
        details: appError.details ?? null,
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

/** After a successful write that says it changes public content: the snapshot is rebuilt (at most 2 s of wait). */
const publicContentWrites = t.middleware(async ({ ctx, meta, next }) => {
  const result = await next();
  if (result.ok && meta?.changesPublicContent) await ctx.deps.publicContent.refreshAndPublish();
  return result;
});

/**
 * `Cache-Control: no-store` on a personal answer, so no browser or proxy keeps a copy. Set before
 * anything can refuse the call, so a 401, a 422 and a success alike carry it; both doors, since the
 * REST adapter calls the procedure with the same reply. The non-public builders always set it, a
 * public procedure when its meta says `personalAnswer`.
 */
const noStore = t.middleware(({ ctx, next }) => {
  ctx.http.setHeader('cache-control', 'no-store');
  return next();
});
const personalAnswers = t.middleware(({ ctx, meta, next }) => {
  if (meta?.personalAnswer) ctx.http.setHeader('cache-control', 'no-store');
  return next();
});

const baseProcedure = t.procedure.use(appErrors).use(personalAnswers).use(publicContentWrites);

export const publicProcedure = baseProcedure;

/**
 * A procedure's input step, used as `.concat(checkedInput(schema, ...checks))` after the access check
 * and any rate limit: parseInput (validation/parse-input.ts) with the procedure's checks, so every
 * door validates the same way. A multipart body for an upload procedure (uploads.ts) is read here,
 * not before, so a refused caller never gets a byte of it stored; its fields join the input.
 */
export function checkedInput<S extends z.ZodType>(schema: S, ...checks: InputCheck[]) {
  const step = t.procedure
    .use(async ({ ctx, getRawInput, next }) => {
      const given = await getRawInput();
      const raw = ctx.upload ? { ...(await ctx.upload.read()), ...asFields(given) } : given;
      await parseInput(schema, raw, { ctx, checks });
      return next({ getRawInput: async () => raw });
    })
    .input(schema);
  checkedSchemas.add(schema);
  for (const middleware of step._def.middlewares) inputSteps.add(middleware);
  return step;
}

/** The schemas given to checkedInput and the middlewares it made: how a walk tells its input from a bare `.input()`. */
const checkedSchemas = new WeakSet<object>();
const inputSteps = new WeakSet<object>();

/**
 * Whether every input of a procedure came through checkedInput (a bare `.input(schema)` skips the
 * character check and the input checks; test/validation/checked-input.test.ts walks the router).
 */
export function takesCheckedInput(procedure: AnyProcedure): boolean {
  // The built procedure keeps its builder's middlewares at run time; its type shows only the inputs.
  const { inputs, middlewares } = procedure._def as unknown as { inputs: object[]; middlewares: object[] };
  if (inputs.length === 0) return true;
  return inputs.every((input) => checkedSchemas.has(input)) && middlewares.some((middleware) => inputSteps.has(middleware));
}

/**
 * A per-address rate limit counted before the input (and any multipart body) is read, so a refused
 * request is never stored: `.use(countedBeforeInput(reserveX))` ahead of `checkedInput`.
 */
export function countedBeforeInput(reserve: (deps: RequestContext['deps'], ip: string | null) => Promise<void>) {
  return t.middleware(async ({ ctx, next }) => {
    await reserve(ctx.deps, ctx.requester.ipAddress);
    return next();
  });
}

function accessMiddleware(level: AccessLevel) {
  return t.middleware(async ({ ctx, meta, next }) => {
    try {
      assertAccess(ctx, level, meta?.permission);
    } catch (error) {
      throw toTrpcError(error as AppError);
    }
    // assertAccess proved these are present for every level but public.
    const result = await next({ ctx: { ...ctx, user: ctx.user!, session: ctx.session! } });
    // A staff answer, already checked against its output schema, without what the role may not read.
    if (level === 'admin' && result.ok) return { ...result, data: withoutHiddenFields(ctx.user, result.data) };
    return result;
  });
}

export const signedInProcedure = baseProcedure.use(noStore).use(accessMiddleware('signedIn'));
export const verifiedProcedure = baseProcedure.use(noStore).use(accessMiddleware('verified'));
export const confirmedProcedure = baseProcedure.use(noStore).use(accessMiddleware('confirmed'));
const staffAccess = accessMiddleware('admin');
export const adminProcedure = baseProcedure.use(noStore).use(staffAccess);

/** Whether a procedure is built on adminProcedure (test/authorization walks them: each declares a permission). */
export function isStaffProcedure(procedure: AnyProcedure): boolean {
  const { middlewares } = procedure._def as unknown as { middlewares: object[] };
  return staffAccess._middlewares.some((middleware) => middlewares.includes(middleware));
}
