/**
 * Seeds a query cache with the public content the server embedded in the page (see
 * src/shared/initial-data.ts), under the same keys the screens' queries use, so the first render
 * shows it with no request and no loading state. The queries' staleTime (lib/trpc.ts) keeps them
 * from fetching it again at once. The server render (entry-server.tsx) seeds its own cache from
 * the same data, so the browser's first render is the server's HTML, to the letter.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, SESSION_USER_ELEMENT_ID, type InitialData } from '#shared/initial-data.ts';
import type { User } from '#shared/schemas/user.ts';
import { SESSION_QUERY_KEY, trpc } from '#client/lib/trpc.ts';
import { HAS_GALLERIES_KEY } from '#client/lib/site-sections.ts';
import { NATIVE_FORM_KEY } from '#client/lib/native-form.ts';

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

/**
 * Who the visitor is, when the server said so in the page (an account or admin screen,
 * SESSION_USER_ELEMENT_ID): the session's answer, seeded so the screen renders without asking.
 * Returns whether it was there.
 */
export function seedSessionFromPage(queryClient: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(SESSION_USER_ELEMENT_ID)?.textContent;
  if (!text) return false;
  try {
    const answer = JSON.parse(text) as { data: User | null };
    queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, answer.data);
    return true;
  } catch {
    return false;
  }
}

/** Each piece of the data, under the query key it answers, and how to put it into a data block. */
interface Piece {
  key: QueryKey;
  value: unknown;
  addTo(data: InitialData): void;
}

function piecesOf(data: InitialData): Piece[] {
  const pieces: Piece[] = data.widgets.map((widget) => ({
    key: trpc.widgets.byKey.queryKey({ x: widget.name }),
    value: widget,
    addTo: (into) => void into.widgets.push(widget),
  }));
  const {
    shop,
    testimonials,
    galleryList,
    hasGalleries,
    gallery,
    unavailableGalleryId,
    bookingSummary,
    repairTracker,
    reviewPage,
    staffInvitation,
    estimatePage,
    nativeForm,
  } = data;
  if (shop) pieces.push({ key: trpc.shop.get.queryKey(), value: shop, addTo: (into) => void (into.shop = shop) });
  if (bookingSummary)
    pieces.push({
      key: trpc.bookings.summary.queryKey({}),
      value: bookingSummary,
      addTo: (into) => void (into.bookingSummary = bookingSummary),
    });
  if (testimonials)
    pieces.push({
      key: trpc.testimonials.list.queryKey({}),
      value: testimonials,
      addTo: (into) => void (into.testimonials = testimonials),
    });
  if (galleryList)
    pieces.push({
      key: trpc.galleries.list.queryKey({ hidden: false }),
      value: galleryList,
      addTo: (into) => void (into.galleryList = galleryList),
    });
  if (hasGalleries !== undefined)
    pieces.push({ key: HAS_GALLERIES_KEY, value: hasGalleries, addTo: (into) => void (into.hasGalleries = hasGalleries) });
  if (gallery)
    pieces.push({ key: trpc.galleries.get.queryKey({ id: gallery.id }), value: gallery, addTo: (into) => void (into.gallery = gallery) });
  if (repairTracker)
    pieces.push({
      key: trpc.repairJobs.getTracker.queryKey({ token: repairTracker.token }),
      value: repairTracker.tracker,
      addTo: (into) => void (into.repairTracker = repairTracker),
    });
  if (reviewPage)
    pieces.push({
      key: trpc.reviews.page.queryKey({ token: reviewPage.token }),
      value: reviewPage.page,
      addTo: (into) => void (into.reviewPage = reviewPage),
    });
  if (staffInvitation)
    pieces.push({
      key: trpc.users.invitation.queryKey({ token: staffInvitation.token }),
      value: staffInvitation.invitation,
      addTo: (into) => void (into.staffInvitation = staffInvitation),
    });
  if (estimatePage)
    pieces.push({
      key: trpc.estimates.byToken.queryKey({ token: estimatePage.token }),
      value: estimatePage.estimate,
      addTo: (into) => void (into.estimatePage = estimatePage),
    });
  if (nativeForm) pieces.push({ key: NATIVE_FORM_KEY, value: nativeForm, addTo: (into) => void (into.nativeForm = nativeForm) });
  // What the API's 404 would have left a screen with: no gallery (GallerySlider then shows nothing).
  if (unavailableGalleryId !== undefined) {
    pieces.push({
      key: trpc.galleries.get.queryKey({ id: unavailableGalleryId }),
      value: null,
      addTo: (into) => void (into.unavailableGalleryId = unavailableGalleryId),
    });
  }
  return pieces;
}

export function seedQueryCache(queryClient: QueryClient, data: InitialData): void {
  for (const piece of piecesOf(data)) queryClient.setQueryData(piece.key, piece.value);
  for (const [key, value] of data.queries ?? []) queryClient.setQueryData(key, value);
}

/**
 * Only the pieces a render read (the server's render of a page says which): the browser's first
 * render reads exactly those, so the page carries nothing more.
 */
export function onlyRead(data: InitialData, wasRead: (key: QueryKey) => boolean): InitialData {
  const kept: InitialData = { widgets: [], ...(data.notFound ? { notFound: true } : {}) };
  for (const piece of piecesOf(data)) if (wasRead(piece.key)) piece.addTo(kept);
  return kept;
}

/**
 * A server-rendered page is rendered for a visitor who is not signed in (it is the same HTML for
 * everyone, cached per content version), and the browser hydrates it with that same answer (start.tsx
 * asks who the visitor is once the page is live); asking first would make the browser's first
 * render differ from the server's HTML.
 */
export function seedSignedOutSession(queryClient: QueryClient): void {
  queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, null);
}
