/**
 * One gallery (the original's "Rooms" screen): a fading slideshow and a strip of thumbnails
 * under it; choosing a thumbnail shows that photo.
 */
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { EmblaCarouselType } from 'embla-carousel';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Carousel } from '#client/components/carousel/carousel.tsx';
import { AUTOPLAY_MS, SINGLE_SLIDE, THUMBNAIL_SLIDES } from '#client/components/carousel/carousel-settings.ts';
import { ResponsiveImage } from '#client/components/responsive-image.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { NotFoundPage } from '#client/pages/not-found/not-found-page.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

export function GalleryPage({ id }: { id: string }) {
  const galleryId = Number(id);
  const isValidId = Number.isInteger(galleryId) && galleryId > 0;
  const query = useQuery({ ...trpc.galleries.get.queryOptions({ id: galleryId }), enabled: isValidId });

  const [main, setMain] = useState<EmblaCarouselType | null>(null);
  const [thumbs, setThumbs] = useState<EmblaCarouselType | null>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (!main) return;
    const onSelect = () => {
      const index = main.selectedScrollSnap();
      setCurrent(index);
      thumbs?.scrollTo(index);
    };
    main.on('select', onSelect);
    return () => {
      main.off('select', onSelect);
    };
  }, [main, thumbs]);

  // A thumbnail chosen before the slideshow's code has loaded (it loads for its first turn, or now): shown once it has.
  const [wantedIndex, setWantedIndex] = useState<number | null>(null);
  useEffect(() => {
    if (!main || wantedIndex === null) return;
    main.scrollTo(wantedIndex);
    setWantedIndex(null);
  }, [main, wantedIndex]);
  const show = (index: number) => (main ? main.scrollTo(index) : setWantedIndex(index));

  const onMainApi = useCallback((api: EmblaCarouselType) => setMain(api), []);
  const onThumbsApi = useCallback((api: EmblaCarouselType) => setThumbs(api), []);

  if (!isValidId || query.isError) return <NotFoundPage />;
  const gallery = query.data;
  return (
    <>
      <PageHeader title={gallery?.name ?? 'Gallery'} />
      <section className="section container gallery-view">
        {!gallery ? (
          <Spinner />
        ) : gallery.images.length === 0 ? (
          <p>There are no photos in this gallery yet.</p>
        ) : (
          <>
            <Carousel
              label={`${gallery.name} slideshow`}
              className="gallery-view__main"
              perView={SINGLE_SLIDE}
              autoplayMs={AUTOPLAY_MS}
              loop
              fade
              loadNow={wantedIndex !== null}
              onApi={onMainApi}
              slides={gallery.images.map((image, index) => (
                <ResponsiveImage
                  key={image.id}
                  image={image.image}
                  alt={image.alt}
                  priority={index === 0}
                  sizes="(min-width: 1180px) 1180px, 100vw"
                />
              ))}
            />
            <Carousel
              label="Thumbnails"
              className="gallery-view__thumbs"
              perView={THUMBNAIL_SLIDES}
              currentIndex={current}
              onApi={onThumbsApi}
              slides={gallery.images.map((image, index) => (
                <button
                  key={image.id}
                  type="button"
                  className="thumb"
                  aria-label={`Show photo ${index + 1}${image.alt ? `: ${image.alt}` : ''}`}
                  aria-pressed={index === current}
                  onClick={() => show(index)}
                >
                  <ResponsiveImage image={image.image} alt="" thumbOnly />
                </button>
              ))}
            />
          </>
        )}
        <p className="gallery-view__back">
          <Link href={screenHref('galleries')} className="btn btn--secondary">
            Go Back
          </Link>
        </p>
      </section>
    </>
  );
}
