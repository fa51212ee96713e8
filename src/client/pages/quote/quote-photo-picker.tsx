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
import { useObjectUrl } from '#client/lib/use-object-url.ts';
import { megabytes, QUOTE_PHOTO_MAX_BYTES, QUOTE_PHOTO_MAX_MB, QUOTE_PHOTO_TYPES_NAMED, QUOTE_PHOTOS_MAX } from '#shared/limits.ts';
import { QuoteShotList, type VehicleClass } from './quote-shot-list.tsx';
import '#client/components/admin/drop-zone.css';

/**
 * What the inputs offer. "image/*" rather than a list of types: on a phone it is what makes the
 * picker offer the camera beside the photo library, and an iPhone then hands over its HEIC photos
 * as JPEGs. Which files may go is decided here (sendableReason) and, by the bytes, on the server.
 */
export const QUOTE_PHOTO_ACCEPT = 'image/*';

/** The types worth sending: the five every server takes, and HEIC/HEIF, which the server takes when its image library reads them. */
const SENDABLE_TYPE = /^image\/(jpeg|png|webp|gif|avif|heic|heif)$/i;
const SENDABLE_NAME = /\.(jpe?g|png|webp|gif|avif|heic|heif)$/i;
/** Browsers show these; a file of one of them that will not show is broken (AVIF aside: an older browser may not show it). */
const PREVIEWABLE = /^image\/(jpeg|png|webp|gif|avif)$/i;
const MUST_DECODE = /^image\/(jpeg|png|webp|gif)$/i;

/** The refusals, each read after "Photo N (name)". */
export const PHOTO_REFUSALS = {
  notAPhoto: `is not a photo we can take: photos must be ${QUOTE_PHOTO_TYPES_NAMED}.`,
  tooLarge: (size: number) => `is ${megabytes(size)}: each photo can be at most ${QUOTE_PHOTO_MAX_MB} MB.`,
  tooMany: `is one too many: at most ${QUOTE_PHOTOS_MAX} photos can be sent with a request.`,
  unreadable: `could not be opened as a picture: it may be damaged. Photos must be ${QUOTE_PHOTO_TYPES_NAMED}.`,
};

export interface PickedPhoto {
  id: number;
  file: File;
  /** Why it will not be sent, read after "Photo N (name)"; null for a photo that goes with the form. */
  refusal: string | null;
}

let nextPhotoId = 1;

function refusalOf(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const sendable = file.type ? SENDABLE_TYPE.test(file.type) : SENDABLE_NAME.test(file.name);
  if (!sendable) return PHOTO_REFUSALS.notAPhoto;
  if (file.size > QUOTE_PHOTO_MAX_BYTES) return PHOTO_REFUSALS.tooLarge(file.size);
  return null;
}

/** Adds files to the list: the first six acceptable ones go, the rest are listed with the reason. */
export function addPhotos(current: PickedPhoto[], files: File[]): PickedPhoto[] {
  let accepted = current.filter((p) => !p.refusal).length;
  const added = files.map((file) => {
    let refusal = refusalOf(file);
    if (!refusal && accepted >= QUOTE_PHOTOS_MAX) refusal = PHOTO_REFUSALS.tooMany;
    if (!refusal) accepted += 1;
    return { id: nextPhotoId++, file, refusal };
  });
  return [...current, ...added];
}

/** A photo the browser could not open: it is not sent. */
export function markUnreadable(photos: PickedPhoto[], id: number): PickedPhoto[] {
  return photos.map((p) => (p.id === id && !p.refusal ? { ...p, refusal: PHOTO_REFUSALS.unreadable } : p));
}

/** "Photo 2 (door.jpg)": the photo's place in the customer's list and its name. */
export function photoLabel(photos: PickedPhoto[], id: number): string {
  const index = photos.findIndex((p) => p.id === id);
  return `Photo ${index + 1} (${photos[index]?.file.name ?? ''})`;
}

function Thumbnail({ photo, onUnreadable }: { photo: PickedPhoto; onUnreadable: () => void }) {
  const previewable = !photo.refusal && PREVIEWABLE.test(photo.file.type);
  const url = useObjectUrl(previewable ? photo.file : null);
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="quote-photos__thumb quote-photos__thumb--none" aria-hidden="true">
        {photo.refusal ? '✕' : 'No preview'}
      </span>
    );
  }
  return (
    <img
      className="quote-photos__thumb"
      src={url}
      alt=""
      width={64}
      height={64}
      onError={() => {
        setFailed(true);
        if (MUST_DECODE.test(photo.file.type)) onUnreadable();
      }}
    />
  );
}

export interface PhotoErrors {
  /** The server's message per photo id, read after "Photo N (name)" (": The file must be …"). */
  byPhoto: Record<number, string>;
  /** Messages about no one photo ("At most 6 photos …"). */
  general: string[];
}

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
      </div>
      {lostPhotoNames.length > 0 && photos.length === 0 && (
        <div className="quote-photos__lost" id={noticeId} role="status">
          <p>Your photos were not kept when the page reloaded: please add them again.</p>
          <p className="quote-photos__lost-names">{lostPhotoNames.join(', ')}</p>
        </div>
      )}
      {photos.length > 0 && (
        <ul className="quote-photos__list" aria-label="Chosen photos">
          {photos.map((photo, index) => {
            const percent = progress?.[photo.id];
            const label = photoLabel(photos, photo.id);
            const message = photo.refusal
              ? `${label} ${photo.refusal} It will not be sent.`
              : errors.byPhoto[photo.id]
                ? `${label}${errors.byPhoto[photo.id]} Remove it to send the others.`
                : null;
            const messageId = `${rowId}-${photo.id}`;
            return (
              <li
                key={photo.id}
                className={`quote-photos__item${photo.refusal || errors.byPhoto[photo.id] ? ' quote-photos__item--refused' : ''}`}
              >
                <Thumbnail photo={photo} onUnreadable={() => onUnreadable(photo.id)} />
                <span className="quote-photos__name">
                  <span className="quote-photos__number">Photo {index + 1}</span> {photo.file.name}
                </span>
                <span className="quote-photos__size">{megabytes(photo.file.size)}</span>
                {!photo.refusal && percent !== undefined && (
                  <progress className="drop-zone__progress" max={100} value={percent} aria-label={`${label}: ${percent}% sent`} />
                )}
                <button
                  type="button"
                  className="drop-zone__cancel"
                  onClick={() => remove(photo.id)}
                  disabled={disabled}
                  aria-describedby={message ? messageId : undefined}
                >
                  Remove<span className="visually-hidden"> {label}</span>
                </button>
                {message && (
                  <span className="drop-zone__error" id={messageId}>
                    {message}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
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
