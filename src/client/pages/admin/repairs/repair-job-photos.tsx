/**
 * The repair job's progress photos, camera first: at the bench the main button opens the phone's
 * camera (`capture="environment"`), the second the photo library; a photo taken or chosen is
 * uploaded at once. Each photo has one "Show the customer" switch (off until switched on), its
 * state written beside it so it reads at a glance at 390 px.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { upload } from '#client/lib/upload.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { RepairJobSectionProps } from './repair-job-section-props.ts';

export function PhotosSection({ job, onSuccess }: RepairJobSectionProps) {
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const share = useMutation(trpc.repairJobs.admin.sharePhoto.mutationOptions({ onSuccess }));
  const switchId = useId();
  async function send(event: ChangeEvent<HTMLInputElement>) {
    const picker = event.currentTarget;
    const files = Array.from(picker.files ?? []);
    if (files.length === 0) return;
    setBusy(true);
    setUploadError(null);
    try {
      await onSuccess(
        await upload('repairJobs.admin.addPhotos', { fields: { id: job.id }, files: { photos: files }, params: { id: job.id } }),
      );
    } catch (error) {
      setUploadError(error);
    } finally {
      // The same photo can be picked again after an error.
      picker.value = '';
      setBusy(false);
    }
  }
  return (
    <section className="admin-section" aria-labelledby="job-photos-heading">
      <h2 id="job-photos-heading">Progress photos</h2>
      <ErrorSummary error={uploadError} fields={['photos']} />
      <ErrorSummary error={share.error} />
      <p className="field__hint" id="repair-photos-hint">
        Up to 6 at a time. New photos are for the workshop until you switch on “Show the customer”.
      </p>
      <div className="repair-photos__add" aria-busy={busy || undefined}>
        <label className={`btn btn--primary repair-photos__pick${busy ? ' is-busy' : ''}`}>
          <input
            id="repair-photos-camera"
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            aria-describedby="repair-photos-hint"
            onChange={(event) => void send(event)}
          />
          {busy ? 'Uploading…' : 'Take a photo'}
        </label>
        <label className="btn btn--secondary repair-photos__pick">
          <input
            id="repair-photos-input"
            className="visually-hidden"
            type="file"
            accept="image/*"
            multiple
            disabled={busy}
            aria-describedby="repair-photos-hint"
            onChange={(event) => void send(event)}
          />
          Choose from library
        </label>
      </div>
      <p className="visually-hidden" role="status">
        {busy ? 'Uploading photos' : ''}
      </p>
      <ul className="repair-job__photos">
        {job.photos.map((photo, index) => {
          const id = `${switchId}-share-${photo.id}`;
          return (
            <li key={photo.id} className={`repair-photo${photo.shared ? ' is-shared' : ''}`}>
              <img src={photo.thumb_url} width={photo.thumb_width} height={photo.thumb_height} alt={`Progress photo ${index + 1}`} />
              <div className="repair-photo__share">
                <input
                  id={id}
                  name={`share-${photo.id}`}
                  type="checkbox"
                  role="switch"
                  className="repair-photo__switch"
                  checked={photo.shared}
                  disabled={share.isPending && share.variables?.photo_id === photo.id}
                  aria-describedby={`${id}-state`}
                  onChange={(event) => share.mutate({ id: job.id, photo_id: photo.id, shared: event.target.checked })}
                />
                <label htmlFor={id}>Show the customer</label>
              </div>
              <p className="repair-photo__state" id={`${id}-state`}>
                {photo.shared ? 'Shown on the tracker' : 'Workshop only'}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
