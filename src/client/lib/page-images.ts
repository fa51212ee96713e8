/**
 * The site's own photographs (public/images), as the WebP widths `npm run page-images` makes of
 * each (scripts/make-page-images.mjs): a phone downloads the small one.
 */
const WIDTHS = { header: [640, 1024, 1600], 'page-header': [640, 1024, 1600], 'not-found': [640, 1024] } as const;

export function pageImage(name: keyof typeof WIDTHS): { src: string; srcSet: string } {
  const widths = WIDTHS[name];
  return {
    src: `/images/${name}-${widths[widths.length - 1]}.webp`,
    srcSet: widths.map((w) => `/images/${name}-${w}.webp ${w}w`).join(', '),
  };
}
