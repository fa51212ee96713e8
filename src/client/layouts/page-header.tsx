import type { ReactNode } from 'react';
import { pageImage } from '#client/lib/page-images.ts';

/** The photographic band at the top of every inner page, under the transparent navigation. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      {/* The first picture of every inner page: its LCP, fetched first. */}
      <img
        className="page-header__image"
        {...pageImage('page-header')}
        sizes="100vw"
        alt=""
        width="1600"
        height="480"
        fetchPriority="high"
      />
      <div className="page-header__content container">
        <h1 className="page-header__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
