import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { DEFAULT_MAX_FILESIZE_MIB, DEFAULT_PARALLEL_UPLOADS, UploadQueue, type UploadFn } from '#client/components/admin/upload-queue.ts';
import '#client/components/admin/drop-zone.css';

interface DropZoneProps {
  /** Sends one file; must honour the signal (cancel). `upload` (lib/upload.ts) fits as it is. */
  upload: UploadFn;
  /** Called after each file that the server accepted. */
  onUploaded?: (file: File, result: unknown) => void;
  accept?: string;
  maxFilesizeMiB?: number;
  parallelUploads?: number;
  label?: string;
}

const statusText = { queued: 'Waiting', uploading: 'Uploading', done: 'Uploaded', error: 'Failed', canceled: 'Canceled' };

/**
 * Files can be dropped on the zone or picked with a button (the keyboard way in). Each file gets its
 * own row with a progress bar, a cancel button while it is pending, and its error text.
 */
export function DropZone({
  upload,
  onUploaded,
  accept = 'image/*',
  maxFilesizeMiB = DEFAULT_MAX_FILESIZE_MIB,
  parallelUploads = DEFAULT_PARALLEL_UPLOADS,
  label = 'Drop files here to upload',
}: DropZoneProps) {
  // The queue lives as long as the component; the latest callbacks are read through refs so a
  // parent re-render never restarts or loses uploads in flight.
  const uploadRef = useRef(upload);
  const onUploadedRef = useRef(onUploaded);
  useLayoutEffect(() => {
    uploadRef.current = upload;
    onUploadedRef.current = onUploaded;
  });
  const [queue] = useState(
    () =>
      new UploadQueue(
        (file, options) => uploadRef.current(file, options),
        { accept, maxFilesizeMiB },
        parallelUploads,
        (file, result) => onUploadedRef.current?.(file, result),
      ),
  );
  // The server renders the empty queue (the admin screens are rendered there for who asks).
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const hintId = useId();

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    queue.add(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="drop-zone">
      <div
        className={`drop-zone__area${isOver ? ' drop-zone__area--over' : ''}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <p className="drop-zone__label">{label}</p>
        <button type="button" className="drop-zone__choose" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          Choose files
        </button>
        <p id={hintId} className="drop-zone__hint">
          Images only, up to {maxFilesizeMiB} MiB each.
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={accept}
          className="drop-zone__input"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="drop-zone-input"
          onChange={(e) => {
            queue.add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <>
          <ul className="drop-zone__files" aria-label="Uploads">
            {items.map((item) => (
              <li key={item.id} className={`drop-zone__file drop-zone__file--${item.status}`}>
                <span className="drop-zone__name">{item.file.name}</span>
                <progress
                  className="drop-zone__progress"
                  max={100}
                  value={item.progress}
                  aria-label={`${item.file.name}: ${statusText[item.status]}`}
                />
                <span className="drop-zone__status">{statusText[item.status]}</span>
                {(item.status === 'queued' || item.status === 'uploading') && (
                  <button type="button" className="drop-zone__cancel" onClick={() => queue.cancel(item.id)}>
                    Cancel<span className="visually-hidden"> {item.file.name}</span>
                  </button>
                )}
                {item.error && (
                  <span className="drop-zone__error" role="alert">
                    {item.error}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="drop-zone__clear" onClick={() => queue.clearFinished()}>
            Clear finished
          </button>
        </>
      )}
    </div>
  );
}
