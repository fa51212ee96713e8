/**
 * Edit one gallery: its fields and cover, the drop zone for new images, and the sortable grid of
 * its images. Loaded lazily (src/client/routing/screen-components.tsx), so @dnd-kit and the drop zone stay in this chunk.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import type { Gallery } from '#shared/schemas/content.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { useSaveWithUpload } from '#client/lib/save-with-upload.ts';
import { upload } from '#client/lib/upload.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { DropZone } from '#client/components/admin/drop-zone.tsx';
import type { UploadFn } from '#client/components/admin/upload-queue.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { ImageUploadField } from '#client/pages/admin/image-upload-field.tsx';
import { SortableImageGrid } from '#client/pages/admin/galleries/sortable-image-grid.tsx';
import { HistoryPanel } from '#client/pages/admin/history/history-panel.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

export default function GalleryEditPage({ id }: { id: number }) {
  const gallery = useQuery(trpc.galleries.get.queryOptions({ id }));
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.galleries.get.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() }),
    ]);
  // A restore remounts the form with the restored fields.
  const [generation, setGeneration] = useState(0);

  const uploadImage: UploadFn = (file, options) => upload('galleries.addImage', { fields: { gallery_id: id }, files: { file } }, options);

  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminGalleries')}>← All galleries</Link>
      </p>
      <ErrorSummary error={gallery.error} />
      {gallery.isPending ? (
        <Spinner label="Loading gallery…" />
      ) : (
        gallery.data && (
          <>
            <GalleryForm key={generation} gallery={gallery.data} />
            <section className="admin-section" aria-labelledby="gallery-images-title">
              <h2 id="gallery-images-title">Images</h2>
              <DropZone upload={uploadImage} onUploaded={() => void reload()} label="Drop images here to add them to the gallery" />
              <SortableImageGrid galleryId={id} images={gallery.data.images} onChanged={reload} />
            </section>
            <HistoryPanel kind="gallery" id={id} onRestored={() => setGeneration((g) => g + 1)} />
          </>
        )
      )}
    </>
  );
}

const fields = ['name', 'url', 'hidden', 'image'];

function GalleryForm({ gallery }: { gallery: Gallery }) {
  const [name, setName] = useState(gallery.name);
  const [url, setUrl] = useState(gallery.url);
  const [hidden, setHidden] = useState(gallery.hidden);
  const [cover, setCover] = useState<File | null>(null);
  const [, navigate] = useLocation();

  // A new cover goes as multipart with the fields (POST /api/galleries/{id}); otherwise JSON.
  const { save, progress } = useSaveWithUpload('galleries.update', {
    // docs/product.md section 4: saving a gallery returns to the list.
    // The list is not on screen, so invalidating would not refetch it: it would show its old
    // cache first. Dropping it makes the list load fresh.
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: trpc.galleries.pathKey() });
      navigate(screenHref('adminGalleries'));
    },
  });
  const errors = fieldErrorsOf(save.error);
  const formRef = useSubmitFocus(save.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      params: { id: gallery.id },
      fields: { name, url, hidden: hidden ? '1' : '0' },
      files: { image: cover },
      withoutFile: () => trpcClient.galleries.update.mutate({ id: gallery.id, name, url, hidden }),
    });
  }

  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} ref={formRef} className="admin-form admin-form--page" onSubmit={submit} noValidate>
      <h1 className="admin__title">Gallery: {gallery.name}</h1>
      <ErrorSummary error={save.error} fields={fields} />
      <div className="admin-form__grid">
        <TextField label="Name" name="name" value={name} onChange={setName} error={firstError(errors, 'name')} required />
        <TextField
          label="Url"
          name="url"
          value={url}
          onChange={setUrl}
          error={firstError(errors, 'url')}
          hint="Where the gallery's tile on the Photo Galleries page leads."
        />
      </div>
      <CheckboxField
        label="Hidden (not listed on the public site)"
        name="hidden"
        checked={hidden}
        onChange={setHidden}
        error={firstError(errors, 'hidden')}
      />
      <ImageUploadField
        label="Cover image"
        currentUrl={gallery.image?.thumb_url ?? gallery.image_url}
        currentAlt={`Cover of ${gallery.name}`}
        file={cover}
        onFile={setCover}
        progress={progress}
        error={firstError(errors, 'image')}
      />
      <div className="admin-form__actions">
        <Button type="submit" loading={save.isPending}>
          Save gallery
        </Button>
        <DeleteGalleryButton id={gallery.id} />
      </div>
    </form>
  );
}

function DeleteGalleryButton({ id }: { id: number }) {
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const remove = useMutation(
    trpc.galleries.delete.mutationOptions({
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: trpc.galleries.list.pathKey() });
        navigate(screenHref('adminGalleries'));
      },
    }),
  );
  return (
    <>
      <Button
        variant="quiet-danger"
        loading={remove.isPending}
        onClick={() => void confirm().then((isConfirmed) => isConfirmed && remove.mutate({ id }))}
      >
        Delete gallery
      </Button>
      <ErrorSummary error={remove.error} />
    </>
  );
}
