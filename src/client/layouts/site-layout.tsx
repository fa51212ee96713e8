import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { matchScreen } from '#shared/screens.ts';
import { useShop } from '#client/lib/shop.ts';
import { SiteHeader } from '#client/layouts/site-header.tsx';
import { SiteFooter } from '#client/layouts/site-footer.tsx';
import { SiteNoticeBanner } from '#client/layouts/site-notice.tsx';
import { CallBar } from '#client/components/calls-to-action/call-bar.tsx';
import { NextStep } from '#client/components/calls-to-action/next-step.tsx';

/**
 * The public pages' frame. Every page ends with the prompt to get a quote or call, and on a phone
 * the call bar sits at the bottom of the screen, unless the route table leaves them out
 * (`callsToAction: false`, the quote form). Both render from the shop record, which every
 * server-rendered page embeds.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const shop = useShop();
  const screen = matchScreen(location)?.screen;
  const showsCallBar = shop !== undefined && screen?.callsToAction !== false;
  // The prompt to get a quote ends the public pages (and the not-found page); a sign-in or account
  // screen has a task of its own: the call bar stays there, the prompt does not.
  const showsPrompt = showsCallBar && (screen === undefined || screen.layout === 'site');
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        <SiteNoticeBanner />
        {children}
        {showsPrompt && <NextStep shop={shop} />}
      </main>
      <SiteFooter hasCallBar={showsCallBar} />
      {showsCallBar && <CallBar shop={shop} />}
    </>
  );
}
