/**
 * A full-size view of one picture, with previous and next (buttons and the arrow keys): a
 * gallery's images, a quote request's photos. Loaded only when someone opens it (its own chunk).
 */
import { useEffect } from 'react';
import { Modal } from '#client/components/ui/modal.tsx';

export interface LightboxPicture {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** A page about the picture, opened in a new tab. */
  link?: string | null;
}

export interface LightboxProps {
  pictures: LightboxPicture[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

export function Lightbox({ pictures, index, onIndexChange, onClose }: LightboxProps) {
  const picture = pictures[index];
  const count = pictures.length;
  const go = (delta: number) => onIndexChange((index + delta + count) % count);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndexChange((index - 1 + count) % count);
      if (event.key === 'ArrowRight') onIndexChange((index + 1) % count);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange]);

  if (!picture) return null;
  return (
    <Modal open title={picture.alt || `Image ${index + 1} of ${count}`} onClose={onClose} size="lg">
      <figure className="lightbox">
        <img src={picture.src} width={picture.width} height={picture.height} alt={picture.alt} className="lightbox__image" />
        <figcaption className="lightbox__caption">
          {index + 1} of {count}
          {picture.link && (
            <>
              {' · '}
              <a href={picture.link} target="_blank" rel="noopener noreferrer">
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
