// What a first start copies instead of computing: the demo pictures, already through the image
// pipeline (npm run demo-images), and the empty embedded cluster (npm run db-template). Each must
// match what the code would make today, or the seed would serve stale variants.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allDemoImageSpecs, demoImageFileName } from '#server/db/seed/demo-content.ts';
import { demoImagesDir } from '#server/paths.ts';
import { createLocalStorage, prepareStorage } from '#server/files/storage.ts';
import { processImage, type ProcessedImage } from '#server/images/image-processing.ts';
import { pgliteTemplateFile } from '#server/db/database.ts';

const manifest = JSON.parse(readFileSync(path.join(demoImagesDir, 'manifest.json'), 'utf8')) as Record<string, ProcessedImage>;
const demoFiles = createLocalStorage(demoImagesDir);

describe('the demo pictures', () => {
  it('cover every picture the demo content names, with all three files present', () => {
    for (const spec of allDemoImageSpecs()) {
      const prepared = manifest[demoImageFileName(spec)];
      expect(prepared, demoImageFileName(spec)).toBeDefined();
      for (const key of [prepared!.original_key, prepared!.large_key, prepared!.thumb_key]) {
        expect(existsSync(demoFiles.pathOf(key)), key).toBe(true);
      }
    }
  });

  it('are what the image pipeline makes of their originals today (else: npm run demo-images)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-demo-'));
    try {
      await prepareStorage(dataDir);
      const entries = Object.values(manifest);
      for (const prepared of [entries[0]!, entries[entries.length - 1]!]) {
        const again = await processImage(createLocalStorage(dataDir), { path: demoFiles.pathOf(prepared.original_key) }, 'image');
        expect(again).toEqual(prepared);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the embedded database template', () => {
  it('exists for the installed PGlite (else: npm run db-template)', () => {
    expect(pgliteTemplateFile()).toMatch(/db-template\/pglite-\d+\.\d+\.\d+\.tar\.gz$/);
  });
});
