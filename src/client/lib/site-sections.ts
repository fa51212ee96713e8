/**
 * Whether the site has something to show in a section that depends on content (a site
 * looks finished from the first start): a section with nothing in it is not shown, nor are the
 * links to it. Seeded from the page's embedded data on server-rendered pages (`hasGalleries`), so
 * the server's HTML and the browser's first render agree; asked of the API elsewhere.
 */
import { useQuery } from '@tanstack/react-query';
import { trpcClient } from '#client/lib/trpc.ts';

/**
 * Under the gallery list's path, so that whatever refreshes the list after an admin's change
 * (`trpc.galleries.list.pathKey()` or `trpc.galleries.pathKey()`) refreshes this too.
 */
export const HAS_GALLERIES_KEY = [['galleries', 'list'], { hasVisible: true }];

/** A visible gallery with pictures exists (the public gallery list is not empty); false while unknown. */
export function useHasGalleries(): boolean {
  const query = useQuery({
    queryKey: HAS_GALLERIES_KEY,
    queryFn: async () => (await trpcClient.galleries.list.query({ hidden: false })).total > 0,
  });
  return query.data ?? false;
}
