import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { GalleryImage } from '#shared/schemas/content.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { moveImage, reorderPayload } from '#client/pages/admin/galleries/image-order.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

interface SortableImageGridProps {
  galleryId: number;
  images: GalleryImage[];
  /** Reloads the gallery (after rotate, delete or a failed reorder). */
  onChanged: () => Promise<unknown>;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move an image, press Space or Enter on its handle, use the arrow keys to choose the new place, then Space or Enter to drop it there, or Escape to cancel.',
};

/** Images in position order; dragging one (pointer or keyboard) saves the new order at once. */
export function SortableImageGrid({ galleryId, images, onChanged }: SortableImageGridProps) {
  // The order shown while a save is under way, so the grid does not jump back until the reload.
  const [pending, setPending] = useState<GalleryImage[] | null>(null);
  const shown = pending ?? images;
  const reorder = useMutation(
    trpc.galleries.reorderImages.mutationOptions({
      onSettled: async () => {
        await onChanged();
        setPending(null);
      },
    }),
  );
  const sensors = useSensors(
    // A short distance keeps clicks on the handle a click, not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const positionOf = (id: UniqueIdentifier) => shown.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${positionOf(active.id)} of ${shown.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Image ${positionOf(active.id)} is over position ${positionOf(over.id)} of ${shown.length}.`
        : `Image ${positionOf(active.id)} is no longer over a place.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Image ${positionOf(active.id)} was dropped at position ${positionOf(over.id)} of ${shown.length}. The order is being saved.`
        : 'The image was dropped where it was.',
    onDragCancel: ({ active }) => `Moving was cancelled. Image ${positionOf(active.id)} stays where it was.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    const next = moveImage(shown, Number(active.id), over ? Number(over.id) : null);
    if (!next) return;
    setPending(next);
    reorder.mutate(reorderPayload(galleryId, next));
  }

  if (shown.length === 0) return <p>No images in this gallery yet.</p>;
  return (
    <>
      <ErrorSummary error={reorder.error} />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
      >
        <SortableContext items={shown.map((i) => i.id)} strategy={rectSortingStrategy}>
          <ol className="admin-images" aria-label="Gallery images, in display order" aria-busy={reorder.isPending}>
            {shown.map((image, index) => (
              <SortableImage key={image.id} image={image} position={index + 1} onChanged={onChanged} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}

function SortableImage({ image, position, onChanged }: { image: GalleryImage; position: number; onChanged: () => Promise<unknown> }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  const confirm = useConfirm();
  const rotate = useMutation(trpc.galleries.rotateImage.mutationOptions({ onSuccess: onChanged }));
  const remove = useMutation(trpc.galleries.deleteImage.mutationOptions({ onSuccess: onChanged }));
  const label = image.alt ? `image ${position}, ${image.alt}` : `image ${position}`;

  return (
    <li
      ref={setNodeRef}
      className={`admin-image${isDragging ? ' admin-image--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="admin-image__frame">
        <img src={image.image.thumb_url} alt={image.alt} width={image.image.thumb_width} height={image.image.thumb_height} loading="lazy" />
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="admin-image__handle"
          {...attributes}
          {...listeners}
          aria-label={`Move ${label}`}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      </div>
      <div className="admin-image__tools">
        <Button
          variant="secondary"
          loading={rotate.isPending}
          onClick={() => rotate.mutate({ id: image.id })}
          aria-label={`Rotate ${label} clockwise`}
        >
          Rotate
        </Button>
        <Button
          variant="quiet-danger"
          loading={remove.isPending}
          onClick={() => void confirm().then((isConfirmed) => isConfirmed && remove.mutate({ id: image.id }))}
          aria-label={`Delete ${label}`}
        >
          Delete
        </Button>
      </div>
      <ErrorSummary error={rotate.error ?? remove.error} />
      <ImageDetailsForm image={image} />
    </li>
  );
}

function ImageDetailsForm({ image }: { image: GalleryImage }) {
  const [alt, setAlt] = useState(image.alt);
  const [link, setLink] = useState(image.link ?? '');
  const [saved, flashSaved] = useFlash(ADMIN_BANNER_MS);
  const update = useMutation(
    trpc.galleries.updateImage.mutationOptions({
      onSuccess: async () => {
        flashSaved('Saved');
        await queryClient.invalidateQueries({ queryKey: trpc.galleries.get.queryKey({ id: image.gallery_id }) });
        await queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(update.error);
  const formRef = useSubmitFocus(update.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: image.id, alt, link });
  }

  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} ref={formRef} className="admin-image__form" onSubmit={submit} noValidate>
      <TextField label="Alt text" name="alt" value={alt} onChange={setAlt} error={firstError(errors, 'alt')} />
      <TextField
        label="Link"
        name="link"
        type="url"
        value={link}
        onChange={setLink}
        error={firstError(errors, 'link')}
        placeholder="https://"
      />
      <ErrorSummary error={update.error} fields={['alt', 'link']} />
      <div className="admin-image__save">
        <Button type="submit" variant="secondary" loading={update.isPending}>
          Save details
        </Button>
        <span role="status" className="admin-image__saved">
          {saved}
        </span>
      </div>
    </form>
  );
}
