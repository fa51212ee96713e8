import { Link } from 'wouter';
import { usePageTitle } from '#client/lib/page-title.ts';
import { pageImage } from '#client/lib/page-images.ts';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
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
        <p className="not-found__lead">Page Not Found</p>
        <Link href="/" className="btn btn--primary">
          Back to the home page
        </Link>
      </div>
    </section>
  );
}
