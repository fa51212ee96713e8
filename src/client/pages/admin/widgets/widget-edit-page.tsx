import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import type { Widget, WidgetType } from '#shared/schemas/content.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { useSaveWithUpload } from '#client/lib/save-with-upload.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { LazyRichTextEditor } from '#client/components/admin/lazy-rich-text-editor.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { ImageUploadField } from '#client/pages/admin/image-upload-field.tsx';
import { CONTENT_PAGES, sectionHref, sectionOfWidget, sectionTitle } from '#shared/content-sections.ts';
import { HistoryPanel } from '#client/pages/admin/history/history-panel.tsx';
import { useDraft } from '#client/pages/admin/history/use-draft.ts';
import { DraftControls } from '#client/pages/admin/history/draft-controls.tsx';
import { ScheduleChangeForm } from '#client/pages/admin/history/schedule-change-form.tsx';
import type { ContentVersion } from '#shared/schemas/versions.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

const types = [
  { value: 'TEXT', label: 'Text' },
  { value: 'IMAGE', label: 'Image' },
  { value: 'VIDEO', label: 'Video' },
];
const fields = ['name', 'type', 'html', 'alt', 'image'];

export function WidgetEditPage({ id }: { id: number }) {
  const widget = useQuery(trpc.widgets.byKey.queryOptions({ x: String(id) }));
  const draft = useQuery(trpc.versions.draft.queryOptions({ kind: 'widget', id }));
  // A restore or a publish remounts the form with the live fields.
  const [generation, setGeneration] = useState(0);
  const reset = () => setGeneration((g) => g + 1);
  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminWidgets')}>← All widgets</Link>
      </p>
      <ErrorSummary error={widget.error ?? draft.error} />
      {widget.isPending || draft.isPending ? (
        <Spinner label="Loading widget…" />
      ) : (
        widget.data && draft.data && <WidgetForm key={generation} widget={widget.data} draft={draft.data.draft} onPublished={reset} />
      )}
      {widget.data && <HistoryPanel kind="widget" id={id} onRestored={reset} />}
    </>
  );
}

function WidgetForm({ widget, draft, onPublished }: { widget: Widget; draft: ContentVersion | null; onPublished: () => void }) {
  // A draft saved earlier (autosave included) is where the form picks up.
  const start = (draft?.data ?? widget) as Pick<Widget, 'name' | 'type' | 'html' | 'alt'>;
  const [name, setName] = useState(start.name);
  const [type, setType] = useState<WidgetType>(start.type);
  const [html, setHtml] = useState(start.html);
  const [alt, setAlt] = useState(start.alt);
  const dirty = name !== start.name || type !== start.type || html !== start.html || alt !== start.alt;
  const autosave = useDraft('widget', widget.id, { name, type, html, alt }, dirty);
  const hasDraft = draft !== null || autosave.savedAt !== null;
  const [file, setFile] = useState<File | null>(null);
  const [saved, flashSaved] = useFlash(ADMIN_BANNER_MS);

  // A new image goes as multipart with the other fields (POST /api/widgets/{id}); otherwise JSON.
  const { save, progress } = useSaveWithUpload('widgets.update', {
    onSuccess: async (next) => {
      setFile(null);
      flashSaved('Changes saved....');
      // Saved straight to the live widget: a draft beside it is done with.
      autosave.cancelPending();
      if (hasDraft) {
        await trpcClient.versions.discardDraft.mutate({ kind: 'widget', id: widget.id }).catch(() => undefined);
        autosave.forget();
        await queryClient.invalidateQueries({ queryKey: trpc.versions.draft.pathKey() });
      }
      queryClient.setQueryData(trpc.widgets.byKey.queryKey({ x: String(widget.id) }), next);
      await queryClient.invalidateQueries({ queryKey: trpc.widgets.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() });
    },
  });
  const [, navigate] = useLocation();
  const confirm = useConfirm();
  // Only a widget an admin added can go (to the bin); the server refuses a page's section with a 409.
  const remove = useMutation(
    trpc.widgets.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.widgets.pathKey() });
        navigate(screenHref('adminWidgets'));
      },
    }),
  );
  async function onDelete() {
    if (await confirm()) remove.mutate({ x: widget.id });
  }
  const errors = fieldErrorsOf(save.error);
  const formRef = useSubmitFocus(save.status);
  // A section of a page (src/shared/content-sections.ts): its name and type are fixed.
  const section = sectionOfWidget(widget.name);
  const fixedHint = section ? 'Fixed: the page reads this widget by its name and shows it as this type.' : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    autosave.cancelPending();
    save.mutate({
      params: { x: widget.id },
      fields: { name, type, html, alt },
      files: { image: type === 'IMAGE' ? file : null },
      withoutFile: () => trpcClient.widgets.update.mutate({ id: widget.id, name, type, html, alt }),
    });
  }

  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} ref={formRef} className="admin-form admin-form--page" onSubmit={submit} noValidate>
      <h1 className="admin__title">Widget: {widget.name}</h1>
      {section && (
        <p className="admin-form__note">
          {sectionTitle(section)}
          {section.isShown && (
            <>
              {' · '}
              <a href={sectionHref(section)}>View on the site</a>
            </>
          )}
        </p>
      )}
      {section && !section.isShown && (
        <Alert tone="info">This section is not shown on the site: the page keeps its place, but visitors do not see it.</Alert>
      )}
      {saved && <Alert tone="success">{saved}</Alert>}
      <ErrorSummary error={save.error} fields={fields} />
      <div className="admin-form__grid">
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={setName}
          error={firstError(errors, 'name')}
          required
          readOnly={section !== undefined}
          hint={fixedHint}
        />
        <SelectField
          label="Type"
          name="type"
          value={type}
          onChange={(v) => setType(v as WidgetType)}
          options={types}
          error={firstError(errors, 'type')}
          disabled={section !== undefined}
          hint={fixedHint}
        />
      </div>
      {type === 'IMAGE' ? (
        <>
          <ImageUploadField
            label="Image"
            // The preview is at most 24rem wide: the medium variant (when made) is enough, at a fraction of the large one's bytes.
            currentUrl={widget.image?.medium_url ?? widget.image?.large_url ?? widget.image_url}
            currentAlt={widget.alt}
            file={file}
            onFile={setFile}
            progress={progress}
            error={firstError(errors, 'image')}
          />
          <TextField
            label="Alternative text"
            name="alt"
            value={alt}
            onChange={setAlt}
            error={firstError(errors, 'alt')}
            hint="Describes the image for people who cannot see it."
          />
        </>
      ) : (
        <LazyRichTextEditor
          // The editor's schema is fixed when it is created: only VIDEO keeps iframes.
          key={type === 'VIDEO' ? 'video' : 'text'}
          label={type === 'VIDEO' ? 'Content (a YouTube or Vimeo embed is kept)' : 'Content'}
          value={html}
          onChange={setHtml}
          allowEmbeds={type === 'VIDEO'}
          shopDetails
          error={firstError(errors, 'html')}
        />
      )}
      <div className="admin-form__actions">
        <Button type="submit" loading={save.isPending}>
          Save changes
        </Button>
        {!section && (
          <Button variant="quiet-danger" loading={remove.isPending} onClick={() => void onDelete()}>
            Delete
          </Button>
        )}
      </div>
      <ErrorSummary error={remove.error} />
      <DraftControls
        kind="widget"
        id={widget.id}
        autosave={autosave}
        draft={draft}
        // A widget an admin added is not placed by the catalogue: the home page is the nearest preview.
        pageHref={section ? sectionHref(section) : CONTENT_PAGES.home.path}
        fields={fields}
        onPublished={onPublished}
        onDiscarded={onPublished}
      >
        <ScheduleChangeForm kind="widget" id={widget.id} hasDraft={hasDraft} isPublished />
      </DraftControls>
    </form>
  );
}
