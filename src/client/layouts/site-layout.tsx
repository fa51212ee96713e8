import type { ReactNode } from 'react';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';

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
