/**
 * docs/product.md "Navigation behaviour": a new route starts at the top, back and forward return to where
 * the visitor was. The browser's own restoration runs before the new page has rendered, so it is
 * switched off and done here. Each history entry gets a key in history.state the first time it is
 * shown: an entry that already has one is being returned to (back/forward), one without is new.
 * (Listening for popstate instead is unreliable: the router re-renders before a later listener runs.)
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

const positions = new Map<string, number>();
let entryKey = '';

function keyOfEntry(): string | undefined {
  return (window.history.state as { scrollKey?: string } | null)?.scrollKey;
}

function keyNewEntry(): string {
  const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  window.history.replaceState({ ...(window.history.state as object | null), scrollKey: key }, '');
  return key;
}

export function useScrollRestoration(): void {
  const [location] = useLocation();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(entryKey, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useLayoutEffect(() => {
    const existing = keyOfEntry();
    if (!existing) {
      entryKey = keyNewEntry();
      // An address with a section (/#introduction, the admin's "View on the site") opens there.
      const hash = window.location.hash.slice(1);
      const section = hash ? document.getElementById(decodeURIComponent(hash)) : null;
      if (section) section.scrollIntoView();
      else window.scrollTo(0, 0);
      return;
    }
    entryKey = existing;
    const target = positions.get(existing) ?? 0;
    // The page's content (widgets, galleries) may still be loading: keep trying for a second.
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restore = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 2 && tries++ < 20) timer = setTimeout(restore, 50);
    };
    restore();
    return () => clearTimeout(timer);
  }, [location]);
}
