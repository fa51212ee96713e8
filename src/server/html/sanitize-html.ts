/**
 * Server-side sanitising of rich text (widget html, testimonial reviews) to the editor's fixed
 * allow-list (docs/rest-contract.md "Content"). Everything saved passes through here, because the HTML is
 * later rendered to every visitor: what is not on the list is dropped, never escaped into view.
 */
import sanitizeHtml from 'sanitize-html';
import { isShopDetail, SHOP_DETAILS, SHOP_DETAIL_ATTRIBUTE } from '#shared/shop-details.ts';

const BLOCK_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'li', 'ul', 'ol'];
const INLINE_TAGS = ['a', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'br', 'span'];

/** Only plain colour values: no url(), expression() or anything else a style could smuggle. */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s%,/]+\)$/i, /^hsla?\(\s*[\d.\s%,/deg]+\)$/i, /^[a-z]{3,20}$/i];
const ALIGN = [/^(left|right|center|justify|start|end)$/];

/** Embeds a VIDEO widget may hold; nothing else may be framed. */
const EMBED_SOURCES = [
  /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{6,20}(?:\?[A-Za-z0-9_=&;.%-]*)?$/,
  /^https:\/\/player\.vimeo\.com\/video\/\d{1,12}(?:\?[A-Za-z0-9_=&;.%-]*)?$/,
];

function isAllowedEmbedUrl(src: string): boolean {
  return EMBED_SOURCES.some((pattern) => pattern.test(src));
}

function options(allowEmbeds: boolean): sanitizeHtml.IOptions {
  const allowedStyles: Record<string, Record<string, RegExp[]>> = { span: { color: COLOUR } };
  for (const tag of BLOCK_TAGS) allowedStyles[tag] = { 'text-align': ALIGN };
  return {
    allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS, ...(allowEmbeds ? ['iframe'] : [])],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      // A shop-detail placeholder (src/shared/shop-details.ts): that attribute, one of its values, nothing else new.
      span: ['style', { name: SHOP_DETAIL_ATTRIBUTE, multiple: false, values: [...SHOP_DETAILS] }],
      ...Object.fromEntries(BLOCK_TAGS.map((tag) => [tag, ['style']])),
      ...(allowEmbeds ? { iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'allow', 'title'] } : {}),
    },
    allowedStyles,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { iframe: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Text of dropped script/style/textarea elements must not survive as visible text either.
    // Tags whose content is raw text, dropped with it; sanitize-html 2.17.4's advisory fix added xmp,
    // noembed and noframes to its default list only, so a list of our own must name them too.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'title', 'xmp', 'noembed', 'noframes'],
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedEmbedUrl(frame.attribs.src ?? ''),
    transformTags: {
      // A link that opens a new tab must not hand the opener to the target.
      a: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = { ...attribs };
        if (out.target && out.target !== '_blank') delete out.target;
        if (out.target === '_blank') out.rel = 'noopener noreferrer nofollow';
        else delete out.rel;
        return { tagName, attribs: out };
      },
      // A placeholder is the span and its one attribute: no colour on it (a colour wraps it instead).
      span: (tagName, attribs) => {
        const detail = attribs[SHOP_DETAIL_ATTRIBUTE];
        if (detail !== undefined && isShopDetail(detail)) return { tagName, attribs: { [SHOP_DETAIL_ATTRIBUTE]: detail } };
        const out: sanitizeHtml.Attributes = { ...attribs };
        delete out[SHOP_DETAIL_ATTRIBUTE];
        return { tagName, attribs: out };
      },
      iframe: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        for (const key of ['src', 'width', 'height', 'title', 'allow']) if (attribs[key] !== undefined) out[key] = attribs[key]!;
        if ('allowfullscreen' in attribs) out.allowfullscreen = '';
        for (const key of ['width', 'height']) if (out[key] !== undefined && !/^\d{1,4}%?$/.test(out[key])) delete out[key];
        return { tagName, attribs: out };
      },
    },
  };
}

const richTextOptions = options(false);
const videoOptions = options(true);

/**
 * A placeholder is stored empty: what it was filled with when the text was read (the public page,
 * copied into the editor's source) is the shop's detail of that moment, not the admin's text.
 */
function emptyPlaceholders(html: string): string {
  return html.replace(/(<span data-shop-detail="[A-Za-z]+">)(?:(?!<\/?span)[\s\S])*<\/span>/g, '$1</span>');
}

/** Testimonial reviews and TEXT/IMAGE widgets. */
export function sanitizeRichText(html: string): string {
  return emptyPlaceholders(sanitizeHtml(html, richTextOptions).trim());
}

/** VIDEO widgets: the same list plus YouTube and Vimeo embeds. */
export function sanitizeVideoHtml(html: string): string {
  return emptyPlaceholders(sanitizeHtml(html, videoOptions).trim());
}
