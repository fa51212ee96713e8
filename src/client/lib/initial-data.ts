/**
 * Seeds the query cache with the public content the server embedded in the page (see
 * src/shared/initial-data.ts), under the same keys the screens' queries use, so the first render
 * shows it with no request and no loading state. The queries' staleTime (lib/trpc.ts) keeps them
 * from fetching it again at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '#shared/initial-data.ts';
import { trpc } from '#client/lib/trpc.ts';

export function seedInitialData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  let data: InitialData;
  try {
    data = JSON.parse(element.textContent) as InitialData;
  } catch {
    // A damaged block only costs the requests it would have saved.
    return;
  }
  for (const widget of data.widgets) queryClient.setQueryData(trpc.widgets.byKey.queryKey({ x: widget.name }), widget);
  if (data.testimonials) queryClient.setQueryData(trpc.testimonials.list.queryKey({}), data.testimonials);
  if (data.galleryList) queryClient.setQueryData(trpc.galleries.list.queryKey({ hidden: false }), data.galleryList);
  if (data.gallery) queryClient.setQueryData(trpc.galleries.get.queryKey({ id: data.gallery.id }), data.gallery);
}
