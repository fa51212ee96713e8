/**
 * Text made safe to put in HTML, as element content or inside a quoted attribute: the one escape the
 * server's pages, its e-mails and the shop-detail tokens (shared with the browser) use.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
