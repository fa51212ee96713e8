import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Widget, WidgetType } from '#shared/schemas/content.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { useSaveWithUpload } from '#client/lib/save-with-upload.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { LazyRichTextEditor } from '#client/components/admin/lazy-rich-text-editor.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { ImageUploadField } from '#client/pages/admin/image-upload-field.tsx';
import { HistoryPanel } from '#client/pages/admin/history/history-panel.tsx';

const types = [
  { value: 'TEXT', label: 'Text' },
  { value: 'IMAGE', label: 'Image' },
  { value: 'VIDEO', label: 'Video' },
];
const fields = ['name', 'type', 'html', 'alt', 'image'];

export function WidgetEditPage({ id }: { id: number }) {
  const widget = useQuery(trpc.widgets.byKey.queryOptions({ x: String(id) }));
  // A restore remounts the form with the restored fields.
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <p className="admin__back">
        <Link href="/widgets">← All widgets</Link>
      </p>
      <ErrorSummary error={widget.error} />
      {widget.isPending ? <Spinner label="Loading widget…" /> : widget.data && <WidgetForm key={generation} widget={widget.data} />}
      {widget.data && <HistoryPanel kind="widget" id={id} onRestored={() => setGeneration((g) => g + 1)} />}
    </>
  );
}

function WidgetForm({ widget }: { widget: Widget }) {
  const [name, setName] = useState(widget.name);
  const [type, setType] = useState<WidgetType>(widget.type);
  const [html, setHtml] = useState(widget.html);
  const [alt, setAlt] = useState(widget.alt);
  const [file, setFile] = useState<File | null>(null);
  const [saved, flashSaved] = useFlash(ADMIN_BANNER_MS);

  // A new image goes as multipart with the other fields (POST /api/widgets/{id}); otherwise JSON.
  const { save, progress } = useSaveWithUpload('widgets.update', {
    onSuccess: async (next) => {
      setFile(null);
      flashSaved('Changes saved....');
      queryClient.setQueryData(trpc.widgets.byKey.queryKey({ x: String(widget.id) }), next);
      await queryClient.invalidateQueries({ queryKey: trpc.widgets.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() });
    },
  });
  const errors = fieldErrorsOf(save.error);
  const formRef = useSubmitFocus(save.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      params: { x: widget.id },
      fields: { name, type, html, alt },
      files: { image: type === 'IMAGE' ? file : null },
      withoutFile: () => trpcClient.widgets.update.mutate({ id: widget.id, name, type, html, alt }),
    });
  }

  return (
    <form ref={formRef} className="admin-form admin-form--page" onSubmit={submit} noValidate>
      <h1 className="admin__title">Widget: {widget.name}</h1>
      {saved && <Alert tone="success">{saved}</Alert>}
      <ErrorSummary error={save.error} fields={fields} />
      <div className="admin-form__grid">
        <TextField label="Name" name="name" value={name} onChange={setName} error={firstError(errors, 'name')} required />
        <SelectField
          label="Type"
          name="type"
          value={type}
          onChange={(v) => setType(v as WidgetType)}
          options={types}
          error={firstError(errors, 'type')}
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
          error={firstError(errors, 'html')}
        />
      )}
      <div className="admin-form__actions">
        <Button type="submit" loading={save.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
