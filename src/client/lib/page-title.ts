import { useEffect } from 'react';
import { useShop } from '#client/lib/shop.ts';

/** Sets the document title for a screen; undefined while its data (a gallery's name) is loading. */
export function usePageTitle(title: string | undefined): void {
  const shopName = useShop()?.name;
  useEffect(() => {
    if (title) document.title = shopName ? `${title} | ${shopName}` : title;
  }, [title, shopName]);
}
