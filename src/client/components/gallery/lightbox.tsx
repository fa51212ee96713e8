/**
 * A full-size view of one gallery image, with previous and next. Loaded only when a visitor
 * opens it (its own chunk).
 */
import { useEffect } from 'react';
import type { GalleryImage } from '#shared/schemas/content.ts';
import { Modal } from '#client/components/ui/modal.tsx';

export interface LightboxProps {
  images: GalleryImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

export function Lightbox({ images, index, onIndexChange, onClose }: LightboxProps) {
  const image = images[index];
  const count = images.length;
  const go = (delta: number) => onIndexChange((index + delta + count) % count);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndexChange((index - 1 + count) % count);
      if (event.key === 'ArrowRight') onIndexChange((index + 1) % count);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange]);

  if (!image) return null;
  return (
    <Modal open title={image.alt || `Image ${index + 1} of ${count}`} onClose={onClose} size="lg">
      <figure className="lightbox">
        <img
          src={image.image.large_url}
          width={image.image.large_width}
          height={image.image.large_height}
          alt={image.alt}
          className="lightbox__image"
        />
        <figcaption className="lightbox__caption">
          {index + 1} of {count}
          {image.link && (
            <>
              {' · '}
              <a href={image.link} target="_blank" rel="noopener noreferrer">
                More about this job
              </a>
            </>
          )}
        </figcaption>
      </figure>
      {count > 1 && (
        <div className="lightbox__nav">
          <button type="button" className="btn btn--secondary" onClick={() => go(-1)}>
            Previous
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => go(1)}>
            Next
          </button>
        </div>
      )}
    </Modal>
  );
}
