/**
 * The quote form's photos: dropped on the zone or picked with its button (the keyboard way in),
 * each shown as a thumbnail with its own progress bar while the form is sent and a Remove button.
 * A file that cannot go (not an image, too big, a 7th) is listed with the reason and never sent.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { rejectionOf } from '#client/components/admin/upload-queue.ts';
import { useObjectUrl } from '#client/pages/admin/use-object-url.ts';
import { QUOTE_PHOTO_MAX_BYTES, QUOTE_PHOTOS_MAX } from '#shared/limits.ts';
import '#client/components/admin/drop-zone.css';

/** What the file input offers; the server decides by the bytes. HEIC often comes without a type, hence the names. */
export const QUOTE_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
const MAX_MIB = QUOTE_PHOTO_MAX_BYTES / 1024 / 1024;

export interface PickedPhoto {
  id: number;
  file: File;
  /** Why it will not be sent; null for a photo that goes with the form. */
  refusal: string | null;
}

let nextPhotoId = 1;

/** Adds files to the list: the first six acceptable ones go, the rest are listed with the reason. */
export function addPhotos(current: PickedPhoto[], files: File[]): PickedPhoto[] {
  let accepted = current.filter((p) => !p.refusal).length;
  const added = files.map((file) => {
    let refusal = rejectionOf(file, { accept: QUOTE_PHOTO_ACCEPT, maxFilesizeMiB: MAX_MIB });
    if (!refusal && accepted >= QUOTE_PHOTOS_MAX) refusal = `At most ${QUOTE_PHOTOS_MAX} photos can be sent with a request.`;
    if (!refusal) accepted += 1;
    return { id: nextPhotoId++, file, refusal };
  });
  return [...current, ...added];
}

/** Browsers preview these; a HEIC or a refused file gets an empty tile instead of a broken picture. */
const PREVIEWABLE = /^image\/(jpeg|png|webp|gif|avif)$/;

function Thumbnail({ file }: { file: File }) {
  const url = useObjectUrl(PREVIEWABLE.test(file.type) ? file : null);
  return url ? <img className="quote-photos__thumb" src={url} alt="" width={64} height={64} /> : <span className="quote-photos__thumb" />;
}

interface QuotePhotoPickerProps {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  /** Percent sent per photo id while the form uploads. */
  progress: Record<number, number> | null;
  /** The server's messages about the photos (e.g. "Photo 2: …"). */
  errors: string[] | undefined;
  disabled: boolean;
}

export function QuotePhotoPicker({ photos, onChange, progress, errors, disabled }: QuotePhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const labelId = useId();

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (!disabled) onChange(addPhotos(photos, Array.from(event.dataTransfer.files)));
  }

  return (
    <div className={`field quote-photos${errors?.length ? ' field--invalid' : ''}`} role="group" aria-labelledby={labelId}>
      <p className="field__label" id={labelId}>
        Photos of the damage (optional)
      </p>
      <div
        className={`drop-zone__area${isOver ? ' drop-zone__area--over' : ''}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="quote-drop-zone"
      >
        <p className="drop-zone__label">Drop photos here</p>
        <button
          type="button"
          className="drop-zone__choose"
          onClick={() => inputRef.current?.click()}
          aria-describedby={[hintId, errors?.length ? errorId : ''].filter(Boolean).join(' ')}
          disabled={disabled}
        >
          Choose photos
        </button>
        <p id={hintId} className="drop-zone__hint">
          Up to {QUOTE_PHOTOS_MAX} photos: JPEG, PNG, WebP or HEIC, at most {MAX_MIB} MB each. Only our staff see them.
        </p>
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
            onChange(addPhotos(photos, Array.from(e.target.files ?? [])));
            e.target.value = '';
          }}
        />
      </div>
      {photos.length > 0 && (
        <ul className="quote-photos__list" aria-label="Chosen photos">
          {photos.map((photo) => {
            const percent = progress?.[photo.id];
            return (
              <li key={photo.id} className={`quote-photos__item${photo.refusal ? ' quote-photos__item--refused' : ''}`}>
                {photo.refusal ? <span className="quote-photos__thumb" /> : <Thumbnail file={photo.file} />}
                <span className="quote-photos__name">{photo.file.name}</span>
                {!photo.refusal && percent !== undefined && (
                  <progress className="drop-zone__progress" max={100} value={percent} aria-label={`${photo.file.name}: ${percent}% sent`} />
                )}
                <button
                  type="button"
                  className="drop-zone__cancel"
                  onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
                  disabled={disabled}
                >
                  Remove<span className="visually-hidden"> {photo.file.name}</span>
                </button>
                {photo.refusal && <span className="drop-zone__error">{photo.refusal} It will not be sent.</span>}
              </li>
            );
          })}
        </ul>
      )}
      {errors?.length ? (
        <div className="field__error" id={errorId}>
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
