import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { GallerySummary } from '#shared/schemas/content.ts';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Widget } from '#client/components/widget/widget.tsx';
import { ResponsiveImage } from '#client/components/responsive-image.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { screenPath } from '#shared/screen-paths.ts';

/** A gallery links to its own url (docs/product.md); an external address leaves the site, a path does not. */
/** `priority`: the first card's picture is the page's LCP on a phone; fetched at once rather than lazily. */
function GalleryCard({ gallery, priority }: { gallery: GallerySummary; priority: boolean }) {
  const href = gallery.url || screenPath('gallery', { id: gallery.id });
  const content = (
    <>
      {gallery.image ? (
        <ResponsiveImage
          image={gallery.image}
          alt=""
          sizes="(min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw"
          priority={priority}
          className="gallery-card__image"
        />
      ) : (
        <span className="gallery-card__image gallery-card__image--empty" />
      )}
      <span className="gallery-card__name">{gallery.name}</span>
    </>
  );
  return /^https?:\/\//.test(href) ? (
    <a href={href} className="card gallery-card">
      {content}
    </a>
  ) : (
    <Link href={href} className="card gallery-card">
      {content}
    </Link>
  );
}

export function GalleriesPage() {
  const query = useQuery(trpc.galleries.list.queryOptions({ hidden: false }));
  return (
    <>
      <PageHeader title="Photo Galleries" />
      <section className="section container narrow">
        <Widget name="GalleryText" />
      </section>
      <section className="section container" aria-label="Galleries">
        {query.isPending ? (
          <div className="gallery-grid" aria-hidden="true">
            {[1, 2, 3].map((n) => (
              <div key={n} className="skeleton gallery-card-skeleton" />
            ))}
          </div>
        ) : (query.data?.results.length ?? 0) === 0 ? (
          // A new site: the menu does not offer this page, but an old link may still lead here.
          <p className="galleries-empty">There are no photos to show yet.</p>
        ) : (
          <ul className="gallery-grid">
            {(query.data?.results ?? []).map((gallery, index) => (
              <li key={gallery.id}>
                <GalleryCard gallery={gallery} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
