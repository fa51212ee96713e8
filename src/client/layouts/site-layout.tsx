import type { ReactNode } from 'react';
import { SiteHeader } from '#client/layouts/site-header.tsx';
import { SiteFooter } from '#client/layouts/site-footer.tsx';

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
