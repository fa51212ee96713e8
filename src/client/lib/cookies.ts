/** The XSRF-TOKEN cookie the server issues; sent back in X-XSRF-TOKEN on every request. */
export function xsrfToken(): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='));
  return match ? decodeURIComponent(match.slice('XSRF-TOKEN='.length)) : undefined;
}

export function ajaxHeaders(): Record<string, string> {
  const token = xsrfToken();
  return { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { 'X-XSRF-TOKEN': token } : {}) };
}
