/** The XSRF-TOKEN cookie the server issues; sent back in X-XSRF-TOKEN on every request. */
export function xsrfToken(): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='));
  return match ? decodeURIComponent(match.slice('XSRF-TOKEN='.length)) : undefined;
}

export function ajaxHeaders(): Record<string, string> {
  const token = xsrfToken();
  return { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { 'X-XSRF-TOKEN': token } : {}) };
}

let issuing: Promise<void> | undefined;

/**
 * Makes sure the XSRF-TOKEN cookie exists before a state-changing request: a first-time visitor
 * (or one opening an e-mailed link in a fresh browser) has none, and the server would answer 419.
 * Asks GET /sanctum/csrf-cookie once; concurrent callers share the request.
 */
export async function ensureXsrfToken(): Promise<void> {
  if (xsrfToken()) return;
  issuing ??= fetch('/sanctum/csrf-cookie', { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(() => undefined)
    .finally(() => {
      issuing = undefined;
    });
  await issuing;
}
