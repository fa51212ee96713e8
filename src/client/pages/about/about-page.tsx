import { useQuery } from '@tanstack/react-query';
import { ABOUT_GALLERY_ID } from '#shared/limits.ts';
import { trpc } from '#client/lib/trpc.ts';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Widget } from '#client/components/widget/widget.tsx';
import { Reveal } from '#client/components/reveal.tsx';
import { GallerySlider } from '#client/components/gallery/gallery-slider.tsx';
import { Separator } from '#client/components/separator.tsx';

export function AboutPage() {
  return (
    <>
      <PageHeader title="About Us" />
      <section className="section container split">
        <Reveal className="split__text">
          <Widget name="AboutText" />
        </Reveal>
        <Reveal className="split__media">
          {/* On a phone it is the largest thing in the first screen: its LCP, fetched at once. */}
          <Widget name="AboutImage" priority />
        </Reveal>
      </section>
      <section className="section container split split--reverse">
        <Reveal className="split__media">
          <Widget name="AboutImage2" />
        </Reveal>
        <Reveal className="split__text">
          <Widget name="AboutText2" />
        </Reveal>
      </section>
      <WorkshopGallery />
    </>
  );
}

/** The workshop's gallery as a slider; no band at all without it (hidden, deleted or empty: a new site). */
function WorkshopGallery() {
  const query = useQuery(trpc.galleries.get.queryOptions({ id: ABOUT_GALLERY_ID }));
  if (!query.isPending && (!query.data || query.data.images.length === 0)) return null;
  return (
    <section className="section section--alt" aria-labelledby="about-gallery-title">
      <div className="container">
        <h2 id="about-gallery-title" className="section__title">
          From the workshop
        </h2>
        <Separator />
        <GallerySlider galleryId={ABOUT_GALLERY_ID} />
      </div>
    </section>
  );
}
