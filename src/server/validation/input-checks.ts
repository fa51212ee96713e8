/**
 * Input checks: the rules zod cannot decide because they need the database (an e-mail already
 * taken). Laravel reports them in the same 422 as the field rules, so when a schema rejects an
 * input the checks run too, on the RAW input, and their messages join zod's: one answer lists
 * every field (docs/rest-contract.md "Conventions for every path").
 *
 * One mechanism for both ways in:
 *   procedures    withInputChecks(check) in trpc.ts, a middleware placed before `.input()`
 *   upload routes validateWithChecks(ctx, schema, fields, check) in the route's handler
 *
 * The checks run only when the schema fails. When it passes, the service runs the same rule
 * itself together with its other checks (a CV's type, the date of birth), reports them in one
 * 422, and stays the last guard against a race (the unique index).
 */
import { forbiddenCharacterErrors } from './text-characters.ts';
import { z } from 'zod';
import type { RequestContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { fieldErrorsFromZod } from '#shared/validation.ts';

/**
 * A check on the raw input (whatever the client sent, before zod). It must skip a field whose
 * raw value is not usable (zod reports that field) and return the messages per field, or {}.
 */
export type InputCheck = (ctx: RequestContext, raw: Record<string, unknown>) => Promise<FieldErrors>;

/**
 * Field by field, the messages of the first set, then the next set's (each message once). The
 * fields come in `order` (the schema's, as Laravel lists them by its rules), then any others.
 */
function mergeFieldErrors(sets: FieldErrors[], order: readonly string[] = []): FieldErrors {
  const merged: FieldErrors = {};
  for (const field of order) if (sets.some((set) => set[field]?.length)) merged[field] = [];
  for (const set of sets) {
    for (const [field, list] of Object.entries(set)) {
      const target = (merged[field] ??= []);
      for (const message of list) if (!target.includes(message)) target.push(message);
    }
  }
  return merged;
}

/** The fields of an object schema in declaration order ([] for any other schema). */
function fieldOrderOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function asFields(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

/**
 * The schema's 422 (`error`) with the check's messages added after zod's, fields in the schema's
 * order. Any other error, or a check with nothing to add, gives `error` back as it is.
 */
export async function withCheckErrors(
  error: AppError,
  schema: z.ZodType,
  ctx: RequestContext,
  raw: unknown,
  check: InputCheck,
): Promise<AppError> {
  if (error.code !== 'VALIDATION') return error;
  const extra = await check(ctx, asFields(raw));
  if (!Object.values(extra).some((list) => list.length)) return error;
  return AppError.validation(mergeFieldErrors([error.fieldErrors ?? {}, extra], fieldOrderOf(schema)));
}

/** Validates with the schema; when it fails, one 422 with zod's messages and the check's. */
export async function validateWithChecks<S extends z.ZodType>(
  ctx: RequestContext,
  schema: S,
  raw: Record<string, unknown>,
  check: InputCheck,
): Promise<z.output<S>> {
  const characterErrors = forbiddenCharacterErrors(raw);
  if (characterErrors) throw AppError.validation(characterErrors);
  const result = await schema.safeParseAsync(raw);
  if (result.success) return result.data;
  throw await withCheckErrors(AppError.validation(fieldErrorsFromZod(result.error)), schema, ctx, raw, check);
}
