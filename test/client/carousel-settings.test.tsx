// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CSS_BREAKPOINTS,
  GALLERY_SLIDER_SLIDES,
  slidesPerViewStyle,
  SINGLE_SLIDE,
  slidesPerView,
  TESTIMONIAL_SLIDES,
  THUMBNAIL_SLIDES,
} from '#client/components/carousel/carousel-settings.ts';

describe('slides per view (docs/product.md section 9)', () => {
  it.each([
    [390, 1],
    [599, 1],
    [600, 2],
    [899, 2],
    [900, 2],
    [1299, 2],
    [1300, 3],
    [1599, 3],
    [1600, 4],
    [2400, 4],
  ])('testimonials at %i px show %i', (width, slides) => {
    expect(slidesPerView(width, TESTIMONIAL_SLIDES)).toBe(slides);
  });

  it.each([
    [390, 1],
    [600, 1],
    [899, 1],
    [900, 2],
    [1099, 2],
    [1100, 3],
    [1920, 3],
  ])('the gallery slider at %i px shows %i', (width, slides) => {
    expect(slidesPerView(width, GALLERY_SLIDER_SLIDES)).toBe(slides);
  });

  it.each([
    [390, 3],
    [600, 4],
    [900, 6],
  ])('the thumbnail strip at %i px shows %i', (width, slides) => {
    expect(slidesPerView(width, THUMBNAIL_SLIDES)).toBe(slides);
  });

  it('the slideshow always shows one', () => {
    expect(slidesPerView(2000, SINGLE_SLIDE)).toBe(1);
  });
});

describe('slides per view in CSS (the same before and after a server-rendered page comes alive)', () => {
  it('gives the stylesheet the count at each width it switches at', () => {
    expect(slidesPerViewStyle(THUMBNAIL_SLIDES)).toEqual({
      '--spv-base': 3,
      '--spv-600': 4,
      '--spv-900': 6,
      '--spv-1100': 6,
      '--spv-1300': 6,
      '--spv-1600': 6,
    });
  });

  it('switches in the stylesheet at every breakpoint of every carousel, and at no other width', () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../../src/client/styles/components.css'), 'utf8');
    const switches = [...css.matchAll(/@media \(min-width: (\d+)px\) \{\s*\.carousel \{\s*--slides-per-view: var\(--spv-(\d+)\);/g)];
    expect(switches.map((m) => [Number(m[1]), Number(m[2])])).toEqual(CSS_BREAKPOINTS.map((w) => [w, w]));
    for (const settings of [TESTIMONIAL_SLIDES, GALLERY_SLIDER_SLIDES, THUMBNAIL_SLIDES, SINGLE_SLIDE]) {
      for (const { minWidth } of settings.breakpoints) expect(CSS_BREAKPOINTS).toContain(minWidth);
    }
  });
});
