/**
 * Seeds a query cache with the public content the server embedded in the page (see
 * src/shared/initial-data.ts), under the same keys the screens' queries use, so the first render
 * shows it with no request and no loading state. The queries' staleTime (lib/trpc.ts) keeps them
 * from fetching it again at once. The server render (entry-server.tsx) seeds its own cache from
 * the same data, so the browser's first render is the server's HTML, to the letter.
 */
import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '#shared/initial-data.ts';
import type { Gallery } from '#shared/schemas/content.ts';
import type { User } from '#shared/schemas/user.ts';
import { SESSION_QUERY_KEY, trpc } from '#client/lib/trpc.ts';

/** The data block of a page, or undefined when there is none (a sign-in screen) or it is damaged. */
export function readInitialData(doc: Document = document): InitialData | undefined {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    // A damaged block only costs the requests it would have saved.
    return undefined;
  }
}

export function seedQueryCache(queryClient: QueryClient, data: InitialData): void {
  for (const widget of data.widgets) queryClient.setQueryData(trpc.widgets.byKey.queryKey({ x: widget.name }), widget);
  if (data.testimonials) queryClient.setQueryData(trpc.testimonials.list.queryKey({}), data.testimonials);
  if (data.galleryList) queryClient.setQueryData(trpc.galleries.list.queryKey({ hidden: false }), data.galleryList);
  if (data.gallery) queryClient.setQueryData(trpc.galleries.get.queryKey({ id: data.gallery.id }), data.gallery);
  // What the API's 404 would have left a screen with: no gallery (GallerySlider then shows nothing).
  if (data.unavailableGalleryId !== undefined) {
    queryClient.setQueryData(trpc.galleries.get.queryKey({ id: data.unavailableGalleryId }), null as unknown as Gallery);
  }
}

export function seedInitialData(queryClient: QueryClient, doc: Document = document): void {
  const data = readInitialData(doc);
  if (data) seedQueryCache(queryClient, data);
}

/**
 * A server-rendered page is rendered for a visitor who is not signed in (it is the same HTML for
 * everyone, cached per content version), and the browser hydrates it with that same answer (main.tsx
 * asks who the visitor is once the page is live); asking first would make the browser's first
 * render differ from the server's HTML.
 */
export function seedSignedOutSession(queryClient: QueryClient): void {
  queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, null);
}
