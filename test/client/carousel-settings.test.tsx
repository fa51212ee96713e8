// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  GALLERY_SLIDER_SLIDES,
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
