/**
 * Multipart uploads through XMLHttpRequest, because fetch cannot report upload progress. Used for
 * registration, the profile (CV), widget images, gallery images and covers, and quote photos.
 *
 * `upload(procedure, …)` takes the procedure's path from src/shared/upload-paths.ts (the server's
 * meta reads the same table) and its input and output types from the router (a type-only import):
 * the fields are the procedure's input, the answer its output.
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/router.ts';
import { ajaxHeaders, ensureXsrfToken } from '#client/lib/cookies.ts';
import { reportErrorStatus } from '#client/lib/trpc.ts';
import { UploadError } from '#client/lib/upload-error.ts';
import { UPLOAD_PATHS, type UploadProcedure } from '#shared/upload-paths.ts';

export { UploadError, type UploadErrorBody } from '#client/lib/upload-error.ts';
export type { UploadProcedure } from '#shared/upload-paths.ts';

/** `Tree['a']['b']` for the dotted path 'a.b'. */
type At<Tree, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof Tree
    ? At<Tree[Head], Rest>
    : never
  : Path extends keyof Tree
    ? Tree[Path]
    : never;

export type UploadInput<P extends UploadProcedure> = At<inferRouterInputs<AppRouter>, P>;
export type UploadOutput<P extends UploadProcedure> = At<inferRouterOutputs<AppRouter>, P>;

/** The `{name}` parameters of a path. */
type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

export interface UploadRequest<P extends UploadProcedure> {
  /** The procedure's fields, sent as form fields; the server validates them as its input. */
  fields: { [K in keyof UploadInput<P>]?: string | number | boolean | null };
  /** The file parts under the names the procedure takes (a list repeats the part); a null is left out. */
  files?: Record<string, Blob | Blob[] | null | undefined>;
  /** The values of the path's `{name}` parameters. */
  params?: Record<PathParams<(typeof UPLOAD_PATHS)[P]>, string | number>;
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function formOf<P extends UploadProcedure>({ fields, files = {} }: UploadRequest<P>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, string | number | boolean | null | undefined>)) {
    if (value === undefined) continue;
    form.append(name, value === null ? '' : String(value));
  }
  for (const [name, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : value ? [value] : []) {
      form.append(name, file, file instanceof File ? file.name : 'file');
    }
  }
  return form;
}

function urlOf<P extends UploadProcedure>(procedure: P, params: Record<string, string | number> = {}): string {
  return UPLOAD_PATHS[procedure].replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** True when the request carries at least one file. */
export function hasFiles(request: { files?: UploadRequest<UploadProcedure>['files'] }): boolean {
  return Object.values(request.files ?? {}).some((value) => (Array.isArray(value) ? value.length > 0 : Boolean(value)));
}

export async function upload<P extends UploadProcedure>(
  procedure: P,
  request: UploadRequest<P>,
  options: UploadOptions = {},
): Promise<UploadOutput<P>> {
  await ensureXsrfToken();
  const url = urlOf(procedure, request.params as Record<string, string | number> | undefined);
  const body = formOf(request);
  return new Promise<UploadOutput<P>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(ajaxHeaders())) xhr.setRequestHeader(name, value);

    if (options.onProgress) {
      const onProgress = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('load', () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parsed as UploadOutput<P>);
        return;
      }
      const error = new UploadError(xhr.status, parsed && typeof parsed === 'object' ? parsed : {});
      reportErrorStatus(error);
      reject(error);
    });
    xhr.addEventListener('error', () =>
      reject(new UploadError(0, { message: 'The upload failed. Please check your connection and try again.' })),
    );
    xhr.addEventListener('abort', () => reject(new UploadError(0, { message: 'The upload was cancelled.' })));
    if (options.signal) {
      if (options.signal.aborted) {
        xhr.abort();
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
