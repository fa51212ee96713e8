/**
 * Files in a request, the way procedures see them. A procedure that takes files declares its upload
 * shape in its own meta (`meta.upload`: each file part's size limit, count and errors); the REST
 * door (rest/rest-plugin.ts) builds the multipart route from it, streams the parts to temporary
 * files under those limits (rest/multipart.ts) and hands them over in the context. Nothing of the
 * body is read before the procedure's access check and rate limit have passed: its input step
 * (trpc.ts `input`) is what reads it. Files never come from the input itself, so no JSON call can
 * name a file on the server.
 */
import type { AppError } from './errors.ts';

export interface UploadedFile {
  field: string;
  /** A temporary file; the REST door removes it once the procedure is done. */
  path: string;
  /** The name the browser gave; only for display and Content-Disposition, never trusted. */
  filename: string;
  size: number;
}

export interface FileRule {
  maxBytes: number;
  /** The error for a file over maxBytes (docs/rest-contract.md's 413 body for CVs); `index` counts from 0 in a list. */
  tooLarge: (index: number) => AppError;
  /** Several files under one part name (quote photos): at most this many. */
  list?: { maxCount: number; tooMany: () => AppError };
}

/** `meta.upload`: the file parts a procedure takes. A file under any other part name is a 422 naming it. */
export interface UploadMeta {
  files: Record<string, FileRule>;
  /** A path parameter that is an input field under another name (POST /api/widgets/{x}: x is the id). */
  params?: Record<string, string>;
}

/** A multipart body not read yet: `read()` streams it once and answers its plain fields. */
export interface PendingUpload {
  read(): Promise<Record<string, unknown>>;
  /** The files of one part, in the order they came (empty until read, and for a JSON body). */
  files(field: string): UploadedFile[];
}

/** The files sent under `field` through the REST door; none through tRPC. */
export function uploadedFiles(ctx: { upload?: PendingUpload }, field: string): UploadedFile[] {
  return ctx.upload?.files(field) ?? [];
}
