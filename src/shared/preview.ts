/**
 * Preview of drafts: a public page at its own address with `?preview=drafts` is
 * rendered for a signed-in admin with every draft in place of the published item
 * (src/server/versions/preview.service.ts). Anyone else gets the published page. Never cached,
 * never indexed.
 */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_VALUE = 'drafts';

/** The preview address of a public page's address (a `#section` stays at the end). */
export function previewHref(href: string): string {
  const [pathAndQuery = '/', hash] = href.split('#');
  const separator = pathAndQuery.includes('?') ? '&' : '?';
  return `${pathAndQuery}${separator}${PREVIEW_PARAM}=${PREVIEW_VALUE}${hash === undefined ? '' : `#${hash}`}`;
}

/** Whether an address (path and query) asks for the preview. */
export function asksForPreview(url: string): boolean {
  // Every page request asks this before anything else (the fast path): most have no query at all.
  const start = url.indexOf('?');
  if (start < 0) return false;
  const end = url.indexOf('#', start);
  return new URLSearchParams(url.slice(start + 1, end < 0 ? undefined : end)).get(PREVIEW_PARAM) === PREVIEW_VALUE;
}
