/**
 * Multipart uploads through XMLHttpRequest, because fetch cannot report upload progress.
 * Used for the profile (CV), registration, widget images and gallery images.
 */
import { ajaxHeaders, ensureXsrfToken } from '#client/lib/cookies.ts';
import { reportErrorStatus } from '#client/lib/trpc.ts';
import { UploadError } from '#client/lib/upload-error.ts';

export { UploadError, type UploadErrorBody } from '#client/lib/upload-error.ts';

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

export async function uploadForm<T>(
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  await ensureXsrfToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
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
        resolve(parsed as T);
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
