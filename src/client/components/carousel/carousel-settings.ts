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
