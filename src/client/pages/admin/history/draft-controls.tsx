/**
 * The draft's status line and buttons on an edit form: Save draft, and once there is a
 * draft, Preview (the real public page showing the draft, for this admin only), Publish draft and
 * Discard draft. The form keeps the fields and the autosave (useDraft); this says where the draft
 * stands and acts on it.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ContentVersion, DraftKind } from '#shared/schemas/versions.ts';
import { previewHref } from '#shared/preview.ts';
import { formatTime } from '#shared/format/dates.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { DraftAutosave } from './use-draft.ts';

export interface DraftControlsProps {
  kind: DraftKind;
  id: number;
  autosave: DraftAutosave;
  /** The saved draft as the query has it (null: none); the form opened on it. */
  draft: ContentVersion | null;
  /** The public page that shows the item (its preview adds `?preview=drafts`). */
  pageHref: string;
  /** Fields whose messages the form shows beside them: a failed save's banner is not repeated. */
  fields?: string[];
  /** After Publish draft: the item is live with the draft's fields. */
  onPublished: () => void | Promise<void>;
  /** After Discard draft: the form goes back to the published item. */
  onDiscarded: () => void | Promise<void>;
  /** Slot after the buttons (scheduling the draft's publication goes here). */
  children?: ReactNode;
}

export function DraftControls({ kind, id, autosave, draft, pageHref, fields, onPublished, onDiscarded, children }: DraftControlsProps) {
  const dates = useDateFormat();
  const hasDraft = draft !== null || autosave.savedAt !== null;
  const publish = useMutation(
    trpc.versions.publishDraft.mutationOptions({
      onSuccess: async () => {
        // First, so the reloads below cannot autosave the draft back.
        autosave.forget();
        // Live content changed: every list and page the admin has open reloads.
        await queryClient.invalidateQueries();
        await onPublished();
      },
    }),
  );
  const discard = useMutation(
    trpc.versions.discardDraft.mutationOptions({
      onSuccess: async () => {
        autosave.forget();
        await queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() });
        await onDiscarded();
      },
    }),
  );

  async function onPublish() {
    autosave.cancelPending();
    try {
      // What was typed since the last autosave goes live too.
      await autosave.saveNow();
    } catch {
      return; // the autosave's error is shown below
    }
    publish.mutate({ kind, id });
  }

  const preview = previewHref(pageHref);
  async function onPreview(event: MouseEvent<HTMLAnchorElement>) {
    // A plain click saves first, so the preview shows what was just typed; a middle click or a
    // modified one (a new window, a tab in the background) is left to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    try {
      await autosave.saveNow();
    } catch {
      return;
    }
    window.open(preview, '_blank', 'noopener');
  }

  return (
    <div className="draft-controls">
      <ErrorSummary error={autosave.error ?? publish.error ?? discard.error} fields={fields} />
      <p className="admin-form__note" role="status" aria-live="polite">
        {autosave.saving
          ? 'Saving draft…'
          : autosave.savedAt
            ? `Draft saved at ${formatTime(autosave.savedAt, dates)}. The public site still shows the published version.`
            : draft
              ? `You are editing a draft saved at ${formatTime(draft.updated_at, dates)}. The public site still shows the published version.`
              : ''}
      </p>
      <div className="draft-controls__buttons">
        <Button variant="secondary" loading={autosave.saving} onClick={() => void autosave.saveNow().catch(() => undefined)}>
          Save draft
        </Button>
        {hasDraft && (
          <>
            <a className="btn btn--secondary" href={preview} target="_blank" rel="noopener" onClick={(event) => void onPreview(event)}>
              Preview<span className="visually-hidden"> the public page with the draft (opens in a new tab)</span>
            </a>
            <Button variant="secondary" loading={publish.isPending} onClick={() => void onPublish()}>
              Publish draft
            </Button>
            <Button
              variant="ghost"
              loading={discard.isPending}
              onClick={() => {
                autosave.cancelPending();
                discard.mutate({ kind, id });
              }}
            >
              Discard draft
            </Button>
          </>
        )}
      </div>
      {/* Slot: another part of the draft (its scheduled publication) sits after the buttons. */}
      {children}
    </div>
  );
}
