/**
 * Gives the images stored before the medium variant existed (migration
 * 2026-11-24T0300_image_medium_variant) theirs, made from their large variant, a few at a time
 * after start. Until an image has it, its srcset names the thumbnail and the large variant only.
 * Several copies doing it at once is harmless: the file is content-addressed and the row is
 * recorded only where it is still missing.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { storeMediumVariant } from './image-processing.ts';
import { listImagesWithoutMedium, setMediumVariant } from './images.repository.ts';

const BATCH = 20;

/**
 * Returns how many rows this call gave a medium variant. An image whose large file cannot be read
 * is logged and passed over (the next start tries it again); `shouldStop` is asked between images,
 * so closing the server does not wait for a long backlog.
 */
export async function backfillMediumVariants(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  let recorded = 0;
  let afterId = 0;
  for (;;) {
    const batch = await listImagesWithoutMedium(deps.db, afterId, BATCH);
    if (batch.length === 0) return recorded;
    for (const image of batch) {
      if (shouldStop()) return recorded;
      afterId = image.id;
      try {
        const medium = await storeMediumVariant(deps.storage, image.large_key);
        if (await setMediumVariant(deps.db, image.id, medium)) recorded += 1;
      } catch (err) {
        deps.log.warn({ err, imageId: image.id }, 'medium image variant could not be made');
      }
    }
  }
}
