/** A gallery as a sliding row of photos; each opens the lightbox (About page, gallery 5). */
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { Carousel } from '#client/components/carousel/carousel.tsx';
import { AUTOPLAY_MS, GALLERY_SLIDER_SLIDES } from '#client/components/carousel/carousel-settings.ts';
import { ResponsiveImage } from '#client/components/responsive-image.tsx';
import type { LightboxPicture } from '#client/components/gallery/lightbox.tsx';
import type { GalleryImage } from '#shared/schemas/content.ts';

const Lightbox = lazy(async () => ({ default: (await import('#client/components/gallery/lightbox.tsx')).Lightbox }));

/** A gallery image as the lightbox shows it. */
function galleryPicture(image: GalleryImage): LightboxPicture {
  return { src: image.image.large_url, width: image.image.large_width, height: image.image.large_height, alt: image.alt, link: image.link };
}

export function GallerySlider({ galleryId }: { galleryId: number }) {
  const query = useQuery(trpc.galleries.get.queryOptions({ id: galleryId }));
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  if (query.isPending) return <div className="skeleton gallery-slider-skeleton" aria-hidden="true" />;
  // No gallery: the API's 404, or the page's embedded data saying it is not for visitors.
  const gallery = query.data;
  if (!gallery || gallery.images.length === 0) return null;
  return (
    <>
      <Carousel
        label={`${gallery.name} photos`}
        className="gallery-slider"
        perView={GALLERY_SLIDER_SLIDES}
        autoplayMs={AUTOPLAY_MS}
        loop
        slides={gallery.images.map((image, index) => (
          <button key={image.id} type="button" className="gallery-slider__item" onClick={() => setOpenIndex(index)}>
            <ResponsiveImage image={image.image} alt={image.alt} sizes="(min-width: 1100px) 33vw, (min-width: 900px) 50vw, 100vw" />
            <span className="visually-hidden">Open larger view</span>
          </button>
        ))}
      />
      {openIndex !== null && (
        <Suspense fallback={null}>
          <Lightbox
            pictures={gallery.images.map(galleryPicture)}
            index={openIndex}
            onIndexChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
          />
        </Suspense>
      )}
    </>
  );
}
