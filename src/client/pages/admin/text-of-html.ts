/** The text of server-sanitised HTML, for previews in lists (no markup is ever injected). */
export function textOfHtml(html: string, maxLength = 160): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
