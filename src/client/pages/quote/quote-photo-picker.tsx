/**
 * The quote form's photos. On a phone the large "Take or add photos" button is the way in; on a
 * computer, dropping files on the zone works too. Each photo is listed as the customer sees it,
 * "Photo 2" and its file name, with a thumbnail (or a plain tile when the browser cannot show
 * it, never a broken picture), its size in MB, its own progress bar while the form is sent and a
 * Remove button. A file that cannot go (not a photo, too big, a 7th, unreadable) is listed with
 * its name and the reason and never sent; the server's messages about a photo ("Photo 1: …",
 * numbered as sent) are shown on the photo they mean, named the same way.
 */
import { useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import { QUOTE_PHOTO_MAX_MB, QUOTE_PHOTO_TYPES_NAMED, QUOTE_PHOTOS_MAX } from '#shared/limits.ts';
import { addPhotos, QUOTE_PHOTO_ACCEPT, type PhotoErrors, type PickedPhoto } from './quote-photos.ts';
import { QuotePhotoList } from './quote-photo-list.tsx';
import { QuoteShotList, type VehicleClass } from './quote-shot-list.tsx';
import '#client/components/admin/drop-zone.css';

interface QuotePhotoPickerProps {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  /** A photo the browser could not open (markUnreadable). */
  onUnreadable: (id: number) => void;
  /** Percent sent per photo id while the form uploads. */
  progress: Record<number, number> | null;
  errors: PhotoErrors;
  disabled: boolean;
  vehicleClass: VehicleClass;
  onVehicleClass: (value: VehicleClass) => void;
  /** Photos chosen before the page reloaded, which the browser did not keep. */
  lostPhotoNames: string[];
  addButtonRef: RefObject<HTMLButtonElement | null>;
}

export function QuotePhotoPicker({
  photos,
  onChange,
  onUnreadable,
  progress,
  errors,
  disabled,
  vehicleClass,
  onVehicleClass,
  lostPhotoNames,
  addButtonRef,
}: QuotePhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const labelId = useId();
  const noticeId = useId();
  const rowId = useId();

  // The server's message about a photo is shown on its row; the button is described by those too.
  const refusedIds = photos.filter((p) => !p.refusal && errors.byPhoto[p.id]).map((p) => `${rowId}-${p.id}`);
  const invalid = refusedIds.length > 0 || errors.general.length > 0;

  function add(files: File[]) {
    if (!disabled && files.length) onChange(addPhotos(photos, files));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    add(Array.from(event.dataTransfer.files));
  }

  function remove(id: number) {
    onChange(photos.filter((p) => p.id !== id));
    // The button that had the focus is gone: the focus goes back to the way in.
    addButtonRef.current?.focus();
  }

  return (
    <div className={`field quote-photos${invalid ? ' field--invalid' : ''}`} role="group" aria-labelledby={labelId}>
      <p className="field__label" id={labelId}>
        Photos of the damage (optional)
      </p>
      <QuoteShotList value={vehicleClass} onChange={onVehicleClass} />
      <div
        className={`drop-zone__area quote-photos__zone${isOver ? ' drop-zone__area--over' : ''}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="quote-drop-zone"
      >
        {/*
          Two ways in, both with accept="image/*". The large button has no `capture`: phones then
          offer the camera and the photo library (and several photos at once), where `capture` would
          force the camera and hide the library on some phones. "Use the camera" has
          capture="environment" for the customer standing by the car: it opens the rear camera at
          once. It shows only on touch screens (quote.css), where `capture` means something.
        */}
        <button
          ref={addButtonRef}
          type="button"
          className="btn btn--primary btn--lg quote-photos__add"
          onClick={() => inputRef.current?.click()}
          aria-describedby={[
            hintId,
            ...refusedIds,
            errors.general.length ? errorId : '',
            lostPhotoNames.length && !photos.length ? noticeId : '',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          data-quote-field="photos"
        >
          Take or add photos
        </button>
        <button
          type="button"
          className="btn btn--secondary quote-photos__camera"
          onClick={() => cameraRef.current?.click()}
          disabled={disabled}
        >
          Use the camera
        </button>
        <p id={hintId} className="drop-zone__hint">
          Up to {QUOTE_PHOTOS_MAX} photos: {QUOTE_PHOTO_TYPES_NAMED}, at most {QUOTE_PHOTO_MAX_MB} MB each. Only our staff see them.
        </p>
        <p className="drop-zone__label quote-photos__drop">Or drop photos here</p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={QUOTE_PHOTO_ACCEPT}
          className="drop-zone__input"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="quote-photos-input"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <input
          ref={cameraRef}
          type="file"
          accept={QUOTE_PHOTO_ACCEPT}
          capture="environment"
          className="drop-zone__input"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="quote-camera-input"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        {/* Without JavaScript the buttons do nothing: a plain input sends the photos with the form (src/server/forms/). */}
        <noscript>
          <label className="quote-photos__plain">
            Choose photos <input type="file" name="photos" multiple accept={QUOTE_PHOTO_ACCEPT} data-testid="quote-photos-plain" />
          </label>
        </noscript>
      </div>
      {lostPhotoNames.length > 0 && photos.length === 0 && (
        <div className="quote-photos__lost" id={noticeId} role="status">
          <p>Your photos were not kept when the page reloaded: please add them again.</p>
          <p className="quote-photos__lost-names">{lostPhotoNames.join(', ')}</p>
        </div>
      )}
      {photos.length > 0 && (
        <QuotePhotoList
          photos={photos}
          progress={progress}
          errors={errors}
          disabled={disabled}
          rowId={rowId}
          onRemove={remove}
          onUnreadable={onUnreadable}
        />
      )}
      {errors.general.length ? (
        <div className="field__error" id={errorId}>
          {errors.general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
