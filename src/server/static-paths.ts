/**
 * Paths that are files (the built client's assets, uploaded media, the logo): they never need the
 * session's database lookup, and their requests are logged at debug level only.
 */
const STATIC_PREFIXES = ['/assets/', '/media/', '/images/', '/favicon.', '/logo.'];

export function isStaticPath(url: string): boolean {
  return STATIC_PREFIXES.some((prefix) => url.startsWith(prefix));
}
