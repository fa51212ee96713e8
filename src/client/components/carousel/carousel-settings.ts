/**
 * How many slides each carousel shows at a viewport width (docs/product.md section 9). Kept pure so the
 * breakpoints are tested without a browser.
 */
export interface Breakpoint {
  /** Applies from this width in CSS pixels upwards. */
  minWidth: number;
  slides: number;
}

export interface SlidesPerView {
  base: number;
  breakpoints: Breakpoint[];
}

export const TESTIMONIAL_SLIDES: SlidesPerView = {
  base: 1,
  breakpoints: [
    { minWidth: 600, slides: 2 },
    { minWidth: 900, slides: 2 },
    { minWidth: 1300, slides: 3 },
    { minWidth: 1600, slides: 4 },
  ],
};

export const GALLERY_SLIDER_SLIDES: SlidesPerView = {
  base: 1,
  breakpoints: [
    { minWidth: 600, slides: 1 },
    { minWidth: 900, slides: 2 },
    { minWidth: 1100, slides: 3 },
  ],
};

export const THUMBNAIL_SLIDES: SlidesPerView = {
  base: 3,
  breakpoints: [
    { minWidth: 600, slides: 4 },
    { minWidth: 900, slides: 6 },
  ],
};

export const SINGLE_SLIDE: SlidesPerView = { base: 1, breakpoints: [] };

export const AUTOPLAY_MS = 5000;

export function slidesPerView(width: number, settings: SlidesPerView): number {
  let slides = settings.base;
  for (const breakpoint of settings.breakpoints) {
    if (width >= breakpoint.minWidth) slides = breakpoint.slides;
  }
  return slides;
}

/**
 * The widths the stylesheet switches at (components.css, `.carousel` media queries): every
 * breakpoint above must be one of them (a test holds them together).
 */
export const CSS_BREAKPOINTS = [600, 900, 1100, 1300, 1600] as const;

/**
 * The slides per view as CSS variables, one per width the stylesheet switches at: the browser
 * picks by its own width, so a page rendered on the server (which knows no width) shows the same
 * number of slides before and after its scripts run, and nothing moves.
 */
export function slidesPerViewStyle(settings: SlidesPerView): Record<string, number> {
  const style: Record<string, number> = { '--spv-base': settings.base };
  for (const width of CSS_BREAKPOINTS) style[`--spv-${width}`] = slidesPerView(width, settings);
  return style;
}
