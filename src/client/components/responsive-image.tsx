import type { ImageVariants } from '#shared/schemas/content.ts';

export interface ResponsiveImageProps {
  image: ImageVariants;
  alt: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
  /** Thumbnails only ever need the small variant. */
  thumbOnly?: boolean;
}

/**
 * The srcset of an image's stored variants at their real widths (a portrait picture's are
 * narrower than their longest edge); a variant no wider than the one before it, as with a small
 * upload, is left out, since a srcset must not name one width twice.
 */
function srcSetOf(image: ImageVariants): string {
  const variants: [string | null, number | null][] = [
    [image.thumb_url, image.thumb_width],
    [image.medium_url, image.medium_width],
    [image.large_url, image.large_width],
  ];
  const candidates: string[] = [];
  let widest = 0;
  for (const [url, width] of variants) {
    if (url === null || width === null || width <= widest) continue;
    candidates.push(`${url} ${width}w`);
    widest = width;
  }
  return candidates.join(', ');
}

/**
 * An uploaded image from its stored WebP variants, with width and height set so the page
 * does not jump while it loads.
 */
export function ResponsiveImage({ image, alt, sizes = '100vw', priority = false, className, thumbOnly = false }: ResponsiveImageProps) {
  if (thumbOnly) {
    return (
      <img
        src={image.thumb_url}
        width={image.thumb_width}
        height={image.thumb_height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={className}
      />
    );
  }
  return (
    <img
      src={image.large_url}
      srcSet={srcSetOf(image)}
      sizes={sizes}
      width={image.large_width}
      height={image.large_height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
