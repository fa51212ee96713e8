/** The repair job's progress photos: upload, and "Show the customer" (off until switched on) on each. */
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { upload } from '#client/lib/upload.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { RepairJobSectionProps } from './repair-job-section-props.ts';

export function PhotosSection({ job, onSuccess }: RepairJobSectionProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const share = useMutation(trpc.repairJobs.admin.sharePhoto.mutationOptions({ onSuccess }));
  async function send() {
    const files = Array.from(input.current?.files ?? []);
    if (files.length === 0) return;
    setBusy(true);
    setUploadError(null);
    try {
      await onSuccess(
        await upload('repairJobs.admin.addPhotos', { fields: { id: job.id }, files: { photos: files }, params: { id: job.id } }),
      );
      if (input.current) input.current.value = '';
    } catch (error) {
      setUploadError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="admin-section" aria-labelledby="job-photos-heading">
      <h2 id="job-photos-heading">Progress photos</h2>
      <ErrorSummary error={uploadError} fields={['photos']} />
      <ErrorSummary error={share.error} />
      <div className="field">
        <label className="field__label" htmlFor="repair-photos-input">
          Add photos (up to 6 at a time)
        </label>
        <input id="repair-photos-input" ref={input} type="file" accept="image/*" multiple className="field__control" />
      </div>
      <p>
        <Button loading={busy} onClick={() => void send()}>
          Upload
        </Button>
      </p>
      <ul className="repair-job__photos">
        {job.photos.map((photo, index) => (
          <li key={photo.id}>
            <img src={photo.thumb_url} width={photo.thumb_width} height={photo.thumb_height} alt={`Progress photo ${index + 1}`} />
            <CheckboxField
              label="Show the customer"
              name={`share-${photo.id}`}
              checked={photo.shared}
              onChange={(checked) => share.mutate({ id: job.id, photo_id: photo.id, shared: checked })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
