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
 * An uploaded image from its two stored WebP variants, with width and height set so the page
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
      srcSet={`${image.thumb_url} 480w, ${image.large_url} 1600w`}
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
