/**
 * The text of server-sanitised HTML, for previews in lists (no markup is ever injected). A pure
 * function rather than the browser's DOMParser: the admin's lists are rendered on the server too
 * (for the user who asks), and both renders must agree to the letter. The HTML was sanitised on
 * save (docs/decisions/sanitise-rich-text-on-save.md): tags, comments and character references
 * are all it holds besides text.
 */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference: string, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? reference;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

export function textOfHtml(html: string, maxLength = 160): string {
  // Each tag becomes a space, so the words of two paragraphs stay apart in the preview.
  const text = decodeReferences(html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
