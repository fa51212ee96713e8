import { useId } from 'react';
import { useObjectUrl } from '#client/lib/use-object-url.ts';

interface ImageUploadFieldProps {
  label: string;
  /** What is stored now, if anything. */
  currentUrl: string | null;
  currentAlt: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** 0 to 1 while uploading, else null. */
  progress: number | null;
  error?: string | undefined;
}

/** One image: the current one (or the chosen file) previewed, a file input for images only, upload progress. */
export function ImageUploadField({ label, currentUrl, currentAlt, file, onFile, progress, error }: ImageUploadFieldProps) {
  const id = useId();
  const preview = useObjectUrl(file);
  const src = preview ?? currentUrl;
  return (
    <div className={`field admin-image-field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {src ? (
        <img className="admin-image-field__preview" src={src} alt={preview ? 'Preview of the chosen image' : currentAlt} />
      ) : (
        <p className="admin-image-field__empty">No image yet.</p>
      )}
      <input
        id={id}
        type="file"
        accept="image/*"
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {progress !== null && <progress className="admin-image-field__progress" max={1} value={progress} aria-label="Upload progress" />}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
