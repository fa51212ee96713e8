/**
 * A draft beside the published item (issue 27): autosave while the admin types (a few seconds
 * after the last change, and when the page is left), Publish and Discard. A crashed browser loses
 * at most the last few seconds.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ContentVersion } from '#shared/schemas/versions.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';

export const AUTOSAVE_MS = 3000;

export function useWidgetDraft(
  id: number,
  fields: { name: string; type: 'TEXT' | 'IMAGE' | 'VIDEO'; html: string; alt: string },
  dirty: boolean,
) {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const save = useMutation(
    trpc.versions.saveWidgetDraft.mutationOptions({
      onSuccess: (draft: ContentVersion) => {
        setSavedAt(draft.updated_at);
        queryClient.setQueryData(trpc.versions.draft.queryKey({ kind: 'widget', id }), { draft });
      },
    }),
  );
  const latest = useRef({ ...fields, id });
  latest.current = { ...fields, id };
  const pending = useRef(false);

  // Autosave: a few seconds after the last change.
  const { name, type, html, alt } = fields;
  useEffect(() => {
    if (!dirty) return;
    pending.current = true;
    const timer = setTimeout(() => {
      pending.current = false;
      save.mutate(latest.current);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saves on a change of the fields only
  }, [name, type, html, alt, dirty]);

  // Leaving the page (or the tab) keeps what was typed since the last autosave.
  useEffect(() => {
    const flush = () => {
      if (pending.current) {
        pending.current = false;
        save.mutate(latest.current);
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form
  }, []);

  return {
    savedAt,
    saving: save.isPending,
    error: save.error,
    saveNow: () => {
      pending.current = false;
      return save.mutateAsync(latest.current);
    },
    cancelPending: () => {
      pending.current = false;
    },
    /** The draft is gone (published, discarded or overtaken by a save). */
    forget: () => setSavedAt(null),
  };
}
