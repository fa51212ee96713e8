/**
 * The one way a form saves with an optional file (widget image, gallery cover, CV): with a file,
 * the fields and the file go as multipart to the procedure's upload path through XMLHttpRequest
 * (so the form can show progress); without one, through `withoutFile` (the tRPC mutation) when the
 * form has it, else the same multipart path.
 */
import { useState } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { hasFiles, upload, type UploadOutput, type UploadProcedure, type UploadRequest } from '#client/lib/upload.ts';

export interface SaveRequest<P extends UploadProcedure> extends UploadRequest<P> {
  /** The save without a file (JSON through tRPC); absent: the multipart path anyway. */
  withoutFile?: () => Promise<UploadOutput<P>>;
}

export function useSaveWithUpload<P extends UploadProcedure>(
  procedure: P,
  options: Omit<UseMutationOptions<UploadOutput<P>, Error, SaveRequest<P>>, 'mutationFn'> = {},
) {
  const [progress, setProgress] = useState<number | null>(null);
  const save = useMutation<UploadOutput<P>, Error, SaveRequest<P>>({
    ...options,
    mutationFn: async ({ withoutFile, ...request }) => {
      if (!hasFiles(request) && withoutFile) return withoutFile();
      if (!hasFiles(request)) return upload(procedure, request);
      setProgress(0);
      try {
        return await upload(procedure, request, { onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    },
  });
  return { save, progress };
}
