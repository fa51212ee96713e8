// The srcset of an uploaded image: its variants at their real widths, the medium one only once it
// is made, and no width named twice (a small upload's variants are all one size).
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ResponsiveImage } from '#client/components/responsive-image.tsx';
import type { ImageVariants } from '#shared/schemas/content.ts';

const landscape: ImageVariants = {
  large_url: '/media/img/a-l.webp',
  large_width: 1600,
  large_height: 1067,
  medium_url: '/media/img/a-m.webp',
  medium_width: 800,
  medium_height: 534,
  thumb_url: '/media/img/a-t.webp',
  thumb_width: 480,
  thumb_height: 320,
};

const srcsetOf = (image: ImageVariants) => /srcSet="([^"]*)"/i.exec(renderToStaticMarkup(<ResponsiveImage image={image} alt="" />))?.[1];

describe('ResponsiveImage', () => {
  it('offers the thumbnail, the medium and the large variant at their widths', () => {
    expect(srcsetOf(landscape)).toBe('/media/img/a-t.webp 480w, /media/img/a-m.webp 800w, /media/img/a-l.webp 1600w');
  });

  it('uses the real widths of a portrait picture', () => {
    const portrait = {
      ...landscape,
      large_width: 1067,
      large_height: 1600,
      medium_width: 534,
      medium_height: 800,
      thumb_width: 320,
      thumb_height: 480,
    };
    expect(srcsetOf(portrait)).toBe('/media/img/a-t.webp 320w, /media/img/a-m.webp 534w, /media/img/a-l.webp 1067w');
  });

  it('leaves the medium variant out until it is made', () => {
    expect(srcsetOf({ ...landscape, medium_url: null, medium_width: null, medium_height: null })).toBe(
      '/media/img/a-t.webp 480w, /media/img/a-l.webp 1600w',
    );
  });

  it('names each width once for a picture smaller than every variant', () => {
    const small = {
      ...landscape,
      large_width: 300,
      large_height: 200,
      medium_width: 300,
      medium_height: 200,
      thumb_width: 300,
      thumb_height: 200,
    };
    expect(srcsetOf(small)).toBe('/media/img/a-t.webp 300w');
  });

  it('keeps width and height for the space it takes, and the large variant as src', () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={landscape} alt="A van" priority />);
    expect(html).toContain('src="/media/img/a-l.webp"');
    expect(html).toContain('width="1600" height="1067"');
    expect(html).toContain('fetchPriority="high"');
  });
});
