/**
 * An upload path: a documented REST path whose body may carry files. It is served by the REST
 * adapter like any procedure path, but its body is read by readMultipart (streaming to disk with
 * limits) instead of as JSON, and its handler calls the same service the tRPC procedure calls.
 * JSON bodies are accepted too (fields only), as docs/rest-contract.md asks.
 */
import type { z } from 'zod';
import type { RequestContext } from '#server/context.ts';
import type { AccessLevel } from '#server/auth/access.ts';
import { AppError } from '#server/errors.ts';
import { fieldErrorsFromZod } from '#shared/validation.ts';
import { forbiddenCharacterErrors } from '#server/validation/text-characters.ts';
import type { FileFieldRule, UploadedFile } from './multipart.ts';

export interface UploadRouteInput {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
  /** The files of fields whose rule has `list` (multipart.ts), in order. */
  fileLists: Record<string, UploadedFile[]>;
  params: Record<string, string>;
}

export interface UploadRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  /** OpenAPI style: /api/widgets/{x} */
  path: `/${string}`;
  summary: string;
  tags: string[];
  access: AccessLevel;
  /**
   * A success changes what visitors see: the REST adapter rebuilds the public snapshot (and tells
   * the other copies) before the answer leaves, as a procedure's meta does for its calls.
   */
  changesPublicContent: boolean;
  files: Record<string, FileFieldRule>;
  /** Documents the plain fields (the handler validates them with the same schema). */
  fieldsSchema: z.ZodObject;
  responseSchema: z.ZodType;
  successStatus?: number;
  /** Runs after the access check and before a byte of the body is read (e.g. a rate limit, so a refused upload is never stored). */
  beforeBody?(ctx: RequestContext): Promise<void>;
  handle(ctx: RequestContext, input: UploadRouteInput): Promise<unknown>;
}

export function defineUploadRoute(route: UploadRoute): UploadRoute {
  return route;
}

/**
 * Validates fields with a shared schema; a failure is the usual 422 with per-field messages.
 * A route whose rules need the database too uses validateWithChecks (validation/input-checks.ts).
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const characterErrors = forbiddenCharacterErrors(fields);
  if (characterErrors) throw AppError.validation(characterErrors);
  const result = schema.safeParse(fields);
  if (!result.success) throw AppError.validation(fieldErrorsFromZod(result.error));
  return result.data;
}
