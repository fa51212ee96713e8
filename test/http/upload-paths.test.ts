// The multipart paths are the procedures' (meta.upload), and the client posts to the paths of
// src/shared/upload-paths.ts: the two name the same procedures with the same paths.
import { describe, expect, it } from 'vitest';
import { appRouter } from '#server/router.ts';
import { listUploadPaths } from '#server/rest/rest-plugin.ts';
import { UPLOAD_PATHS } from '#shared/upload-paths.ts';

describe('upload paths', () => {
  it('are the paths of the procedures that declare an upload, and only those', () => {
    const declared = Object.fromEntries(listUploadPaths(appRouter).map(({ procedure, path }) => [procedure, path]));
    expect(declared).toEqual(UPLOAD_PATHS);
    for (const { method } of listUploadPaths(appRouter)) expect(method).toBe('POST');
  });
});
