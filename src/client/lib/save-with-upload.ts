/**
 * The one way a form saves with an optional file (widget image, gallery cover, CV): with a file,
 * the fields and the file go as multipart to the area's upload path through XMLHttpRequest (so
 * the form can show progress); without one, through `withoutFile` (the tRPC mutation) when the
 * form has it, else the same multipart path.
 */
import { useState } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { uploadForm } from '#client/lib/upload.ts';

export interface SaveRequest<T> {
  /** The multipart path, e.g. /api/widgets/7. */
  url: string;
  fields: Record<string, string>;
  /** The chosen file under its form field name, or null. */
  file: { field: string; value: File } | null;
  /** The save without a file (JSON through tRPC); absent: the multipart path anyway. */
  withoutFile?: () => Promise<T>;
}

export function useSaveWithUpload<T>(options: Omit<UseMutationOptions<T, Error, SaveRequest<T>>, 'mutationFn'> = {}) {
  const [progress, setProgress] = useState<number | null>(null);
  const save = useMutation<T, Error, SaveRequest<T>>({
    ...options,
    mutationFn: async (request) => {
      if (!request.file && request.withoutFile) return request.withoutFile();
      const form = new FormData();
      for (const [name, value] of Object.entries(request.fields)) form.set(name, value);
      if (!request.file) return uploadForm<T>('POST', request.url, form);
      form.set(request.file.field, request.file.value);
      setProgress(0);
      try {
        return await uploadForm<T>('POST', request.url, form, { onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    },
  });
  return { save, progress };
}
