import type { ReactNode } from 'react';
import { SiteHeader } from '#client/layouts/site-header.tsx';
import { SiteFooter } from '#client/layouts/site-footer.tsx';
import { SiteNoticeBanner } from '#client/layouts/site-notice.tsx';

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        <SiteNoticeBanner />
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
