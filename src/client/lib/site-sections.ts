/**
 * Whether the site has something to show in a section that depends on content (issue 26: a site
 * looks finished from the first start): a section with nothing in it is not shown, nor are the
 * links to it. Read from the queries the pages already make (seeded from the page's embedded data
 * on server-rendered pages, so the server's HTML and the browser's first render agree).
 */
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';

/** A visible gallery with pictures exists (the public gallery list is not empty); false while unknown. */
export function useHasGalleries(): boolean {
  const query = useQuery(trpc.galleries.list.queryOptions({ hidden: false }));
  return (query.data?.results.length ?? 0) > 0;
}
