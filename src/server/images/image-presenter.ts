/**
 * The public face of an image: URLs of its variants and their sizes. Rows arrive with the image
 * columns joined (left joins make them nullable), so this is the one place that decides "no
 * image" from missing columns.
 */
import type { FileStorage } from '#server/files/storage.ts';
import type { ImageVariants } from '#shared/schemas/content.ts';

export interface ImageVariantColumns {
  large_key: string | null;
  large_width: number | null;
  large_height: number | null;
  thumb_key: string | null;
  thumb_width: number | null;
  thumb_height: number | null;
  medium_key: string | null;
  medium_width: number | null;
  medium_height: number | null;
}

export function presentImageVariants(storage: Pick<FileStorage, 'publicUrl'>, row: ImageVariantColumns): ImageVariants | null {
  const { large_key, large_width, large_height, thumb_key, thumb_width, thumb_height } = row;
  if (
    large_key === null ||
    thumb_key === null ||
    large_width === null ||
    large_height === null ||
    thumb_width === null ||
    thumb_height === null
  ) {
    return null;
  }
  return {
    large_url: storage.publicUrl(large_key),
    large_width,
    large_height,
    thumb_url: storage.publicUrl(thumb_key),
    thumb_width,
    thumb_height,
    // All three or none: a medium variant is recorded in one update (images.repository.ts).
    ...(row.medium_key !== null && row.medium_width !== null && row.medium_height !== null
      ? { medium_url: storage.publicUrl(row.medium_key), medium_width: row.medium_width, medium_height: row.medium_height }
      : { medium_url: null, medium_width: null, medium_height: null }),
  };
}
