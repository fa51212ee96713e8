import type { ReactNode } from 'react';

/** The photographic band at the top of every inner page, under the transparent navigation. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <img className="page-header__image" src="/images/page-header.jpg" alt="" width="2000" height="600" fetchPriority="high" />
      <div className="page-header__content container">
        <h1 className="page-header__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
