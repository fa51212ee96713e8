/**
 * The one way any input is validated, whichever door it came through (a tRPC call, a REST path,
 * a multipart upload): parseInput(schema, raw, { ctx, checks }).
 *
 *   1. Characters: a NUL byte or an unpaired surrogate is a 422 on its field (text-characters.ts).
 *   2. The zod schema (src/shared/schemas), every field's messages.
 *   3. Checks: the rules zod cannot decide because they need the database or the uploaded files
 *      (an e-mail already taken). Laravel reports them in the same 422 as the field rules, so
 *      when the input is refused the checks run too, on the raw input, and their messages join
 *      zod's in the schema's field order: one answer lists every field
 *      (docs/decisions/all-field-errors-in-one-422.md).
 *
 * When the schema passes, the checks are left to the service, which runs the same rules with its
 * other ones (a CV's type, the date of birth) in one 422 and stays the last guard against a race
 * (the unique index).
 */
import { z } from 'zod';
import type { RequestContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { fieldErrorsFromZod } from '#shared/validation.ts';
import { forbiddenCharacterErrors } from './text-characters.ts';

/**
 * A check on the raw input (whatever the client sent, before zod). It must skip a field whose
 * raw value is not usable (zod reports that field) and return the messages per field, or {}.
 * Fields holding forbidden characters are taken out before it runs.
 */
export type InputCheck = (ctx: RequestContext, raw: Record<string, unknown>) => Promise<FieldErrors>;

export interface ParseOptions {
  ctx?: RequestContext;
  checks?: readonly InputCheck[];
}

/**
 * Field by field, the messages of the first set, then the next set's (each message once). The
 * fields come in `order` (the schema's, as Laravel lists them by its rules), then any others.
 */
function mergeFieldErrors(sets: FieldErrors[], order: readonly string[]): FieldErrors {
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

/** The fields of an object schema in declaration order (zod 4 keeps a refinement on the object itself). */
function fieldOrderOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** The fields of a raw input that is an object; {} for anything else. */
export function asFields(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

/** Validates `raw` with `schema`; any refusal is one 422 with the characters', zod's and the checks' messages. */
export async function parseInput<S extends z.ZodType>(schema: S, raw: unknown, options: ParseOptions = {}): Promise<z.output<S>> {
  const characterErrors = forbiddenCharacterErrors(raw) ?? {};
  const result = await schema.safeParseAsync(raw);
  const refused = Object.keys(characterErrors).length > 0;
  if (result.success && !refused) return result.data;

  // A field with a forbidden character carries that message alone, and no check sees its value.
  const zodErrors = result.success ? {} : fieldErrorsFromZod(result.error);
  for (const field of Object.keys(characterErrors)) delete zodErrors[field];
  const usable = Object.fromEntries(Object.entries(asFields(raw)).filter(([field]) => !characterErrors[field]));
  const checkErrors: FieldErrors[] = [];
  if (options.ctx) for (const check of options.checks ?? []) checkErrors.push(await check(options.ctx, usable));
  throw AppError.validation(mergeFieldErrors([characterErrors, zodErrors, ...checkErrors], fieldOrderOf(schema)));
}
