/**
 * The chosen photos, each as the customer sees it: "Photo 2" and its file name, a thumbnail (or a
 * plain tile when the browser cannot show it, never a broken picture), its size in MB, its own
 * progress bar while the form is sent, a Remove button, and why it will not go, if it will not.
 */
import { useState } from 'react';
import { useObjectUrl } from '#client/lib/use-object-url.ts';
import { megabytes } from '#shared/limits.ts';
import { MUST_DECODE, photoLabel, PREVIEWABLE, type PhotoErrors, type PickedPhoto } from './quote-photos.ts';

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

interface QuotePhotoListProps {
  photos: PickedPhoto[];
  progress: Record<number, number> | null;
  errors: PhotoErrors;
  disabled: boolean;
  /** The id prefix of each photo's message (the picker's button is described by them). */
  rowId: string;
  onRemove: (id: number) => void;
  onUnreadable: (id: number) => void;
}

export function QuotePhotoList({ photos, progress, errors, disabled, rowId, onRemove, onUnreadable }: QuotePhotoListProps) {
  return (
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
              onClick={() => onRemove(photo.id)}
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
  );
}
