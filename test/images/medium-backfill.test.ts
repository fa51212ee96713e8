// Images stored before the medium variant existed: a start gives them theirs (made from the large
// variant) and the public snapshot then names it; an image whose large file is gone is logged and
// passed over; two copies doing it at once record each image once. On both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { pino } from 'pino';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createImage, createWidget } from '#test/support/factories.ts';
import { buildApp } from '#server/app.ts';
import { backfillMediumVariants } from '#server/images/medium-backfill.ts';
import type { StoredImage } from '#server/images/images.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { refreshSnapshotPerRequest: false });
});
afterAll(async () => {
  await t?.close();
});

/** Makes images look as they did before the medium variant: no columns, no file. */
async function forgetMediumVariants(images: StoredImage[]): Promise<void> {
  const ids = images.map((image) => image.id);
  await t.deps.db.updateTable('images').set({ medium_key: null, medium_width: null, medium_height: null }).where('id', 'in', ids).execute();
  for (const image of images) await t.deps.storage.delete(image.medium_key!);
}

/** Images of these sizes, stored as they were before the medium variant. */
async function imagesWithoutMedium(...sizes: [number, number][]): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (const [width, height] of sizes) images.push(await createImage(t.deps.db, t.deps.storage, width, height));
  await forgetMediumVariants(images);
  return images;
}

const mediumOf = (id: number) =>
  t.deps.db.selectFrom('images').select(['medium_key', 'medium_width', 'medium_height']).where('id', '=', id).executeTakeFirstOrThrow();

/** A logger whose warnings the test can read. */
function recordingLog() {
  const lines: { msg: string; imageId?: number }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as { msg: string }) });
  return { log, lines };
}

describe('medium variants for images stored before them', () => {
  it('are made by a start, and the public reads name them', async () => {
    const image = await createImage(t.deps.db, t.deps.storage, 2000, 1000);
    await createWidget(t.deps.db, { name: 'BackfillImage', type: 'IMAGE', imageId: image.id, alt: 'A van' });
    await forgetMediumVariants([image]);
    await t.deps.publicContent.refresh();
    const before = await t.app.inject({ method: 'GET', url: '/api/widgets/BackfillImage' });
    expect(before.json().image).toMatchObject({ medium_url: null, medium_width: null, medium_height: null });

    // A second copy of the site starting on the same database and files.
    const copy = await buildApp({ config: t.config, database: t.database, runJobs: false });
    try {
      await copy.ready();
      await copy.deps.jobs.drain();
      const after = await copy.inject({ method: 'GET', url: '/api/widgets/BackfillImage' });
      const medium = await mediumOf(image.id);
      expect(after.json().image).toMatchObject({
        medium_url: `/media/${medium.medium_key!.slice('public/'.length)}`,
        medium_width: 800,
        medium_height: 400,
      });
      const file = await t.deps.storage.read(medium.medium_key!);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 });
    } finally {
      await copy.close();
    }
  });

  it('pass over an image whose large file is gone, and go on with the rest', async () => {
    const images = await imagesWithoutMedium([1200, 900], [1300, 900], [900, 1400]);
    await t.deps.storage.delete(images[0]!.large_key);
    const { log, lines } = recordingLog();

    expect(await backfillMediumVariants({ ...t.deps, log })).toBe(2);
    expect(await mediumOf(images[0]!.id)).toEqual({ medium_key: null, medium_width: null, medium_height: null });
    expect(await mediumOf(images[1]!.id)).toMatchObject({ medium_width: 800, medium_height: 554 });
    // A portrait picture: 800 on its longest edge.
    expect(await mediumOf(images[2]!.id)).toMatchObject({ medium_width: 514, medium_height: 800 });
    expect(lines).toEqual([expect.objectContaining({ msg: 'medium image variant could not be made', imageId: images[0]!.id })]);
    // Tried again by the next run, and only it.
    expect(await backfillMediumVariants({ ...t.deps, log })).toBe(0);
    expect(lines).toHaveLength(2);
    await t.deps.db.deleteFrom('images').where('id', '=', images[0]!.id).execute();
  });

  it('record each image once when two copies run at once', async () => {
    const images = await imagesWithoutMedium([1000, 700], [1000, 600], [1000, 500]);
    const counts = await Promise.all([backfillMediumVariants(t.deps), backfillMediumVariants(t.deps)]);
    expect(counts[0] + counts[1]).toBe(3);
    for (const image of images) {
      const { medium_key } = await mediumOf(image.id);
      expect(await t.deps.storage.size(medium_key!)).toBeGreaterThan(0);
    }
  });

  it('stop between images when told to', async () => {
    await imagesWithoutMedium([1000, 400], [1000, 300]);
    let asked = 0;
    expect(await backfillMediumVariants(t.deps, () => ++asked > 1)).toBe(1);
    expect(await backfillMediumVariants(t.deps)).toBe(1);
  });
});
