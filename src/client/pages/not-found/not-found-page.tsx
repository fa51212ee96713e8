import { Link } from 'wouter';
import { usePageTitle } from '#client/lib/page-title.ts';
import { pageImage } from '#client/lib/page-images.ts';
import { NOT_FOUND_TITLE } from '#shared/screens.ts';
import { screenHref } from '#client/lib/screen-links.ts';

export function NotFoundPage() {
  // Shown inside other screens too (a gallery that is not there), after their titles are set.
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <section className="not-found container section">
      <img
        {...pageImage('not-found')}
        sizes="(min-width: 900px) 50vw, 100vw"
        alt="Wrong turn: this page seems to have driven off the end of the quay"
        width="1024"
        height="683"
        className="not-found__image"
      />
      <div className="not-found__text">
        <h1>Error 404</h1>
        <p className="not-found__lead">{NOT_FOUND_TITLE}</p>
        <Link href={screenHref('home')} className="btn btn--primary">
          Back to the home page
        </Link>
      </div>
    </section>
  );
}
