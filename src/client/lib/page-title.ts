import { useEffect } from 'react';
import { siteConfig } from '#client/site-config.ts';

/** Sets the document title for a screen; undefined while its data (a gallery's name) is loading. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | ${siteConfig.name}`;
  }, [title]);
}
