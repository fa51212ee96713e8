/**
 * A draft beside the published item: autosave while the admin types (a few seconds
 * after the last change, and when the page or the form is left), for a widget, a testimonial and
 * the shop record. A crashed browser loses at most the last few seconds.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContentVersion, DraftKind, shopDraftInput, testimonialDraftInput, widgetDraftInput } from '#shared/schemas/versions.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';

export const AUTOSAVE_MS = 3000;

/** What each kind's save procedure takes, without the item's id (the hook adds it). */
export interface DraftFields {
  widget: Omit<z.input<typeof widgetDraftInput>, 'id'>;
  testimonial: Omit<z.input<typeof testimonialDraftInput>, 'id'>;
  shop: z.input<typeof shopDraftInput>;
}

/** One save procedure per kind (an input is one object on the REST door); the shop has no id in its input. */
function saveDraft<K extends DraftKind>(kind: K, id: number, fields: DraftFields[K]): Promise<ContentVersion> {
  switch (kind) {
    case 'widget':
      return trpcClient.versions.saveWidgetDraft.mutate({ ...(fields as DraftFields['widget']), id });
    case 'testimonial':
      return trpcClient.versions.saveTestimonialDraft.mutate({ ...(fields as DraftFields['testimonial']), id });
    default:
      return trpcClient.versions.saveShopDraft.mutate(fields as DraftFields['shop']);
  }
}

export interface DraftAutosave {
  /** When this form last saved the draft (null until it has). */
  savedAt: string | null;
  saving: boolean;
  error: unknown;
  /** Saves the draft now (a pending autosave included). */
  saveNow: () => Promise<ContentVersion>;
  /** Drops a pending autosave (a normal save, a publish or a discard is coming). */
  cancelPending: () => void;
  /** The draft is gone (published, discarded or overtaken by a save). */
  forget: () => void;
}

/**
 * `dirty`: the fields differ from what the form opened on (the draft, else the live item). The
 * fields are compared by value, so a new object each render does not restart the timer.
 */
export function useDraft<K extends DraftKind>(kind: K, id: number, fields: DraftFields[K], dirty: boolean): DraftAutosave {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: DraftFields[K]) => saveDraft(kind, id, next),
    onSuccess: (draft: ContentVersion) => {
      setSavedAt(draft.updated_at);
      queryClient.setQueryData(trpc.versions.draft.queryKey({ kind, id }), { draft });
    },
  });
  const latest = useRef(fields);
  latest.current = fields;
  const pending = useRef(false);
  // The fields a publish, a discard or a save settled: not saved again as a draft (the form is
  // about to show the live item, and the moment between must not bring the draft back).
  const settled = useRef<string | null>(null);

  // Autosave: a few seconds after the last change.
  const fieldsKey = JSON.stringify(fields);
  useEffect(() => {
    if (!dirty || fieldsKey === settled.current) {
      // Back to what the form opened on: nothing is waiting to be saved.
      pending.current = false;
      return;
    }
    pending.current = true;
    const timer = setTimeout(() => {
      // Cancelled meanwhile: a normal save, a publish or a discard is under way.
      if (!pending.current) return;
      pending.current = false;
      save.mutate(latest.current);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saves on a change of the fields only
  }, [fieldsKey, dirty]);

  // Leaving the page (or the tab, or closing the form) keeps what was typed since the last autosave.
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
    forget: () => {
      pending.current = false;
      settled.current = JSON.stringify(latest.current);
      setSavedAt(null);
    },
  };
}
