// `npm run demo-images`: draws every demo picture (src/server/db/seed/demo-content.ts) and runs it
// through the site's own image pipeline (processImage: upright, stripped, WebP variants) into
// demo-images/, which is committed with its manifest.json. The seed copies these files and
// records the rows, so a first start neither draws nor loads sharp: drawing and encoding 50
// pictures at start took most of a gigabyte of memory. Run it after changing a spec or the
// pipeline; files no picture uses any more are removed.
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allDemoImageSpecs, demoImageFileName } from '#server/db/seed/demo-content.ts';
import { demoImagesDir } from '#server/paths.ts';
import { createLocalStorage, prepareStorage } from '#server/files/storage.ts';
import { processImage, type ProcessedImage } from '#server/images/image-processing.ts';
import { drawDemoImage } from './lib/draw-demo-image.ts';

await prepareStorage(demoImagesDir);
const storage = createLocalStorage(demoImagesDir);
const manifest: Record<string, ProcessedImage> = {};
for (const spec of allDemoImageSpecs()) {
  const name = demoImageFileName(spec);
  if (manifest[name]) continue;
  // Quality 80 progressive: this JPEG is the kept original; the pages show the WebP variants.
  const jpeg = await drawDemoImage(spec, { quality: 80, progressive: true });
  manifest[name] = await processImage(storage, { buffer: jpeg }, 'image');
}
writeFileSync(path.join(demoImagesDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const used = new Set(Object.values(manifest).flatMap((p) => [p.original_key, p.large_key, p.thumb_key, p.medium_key]));
let bytes = 0;
const walk = (dir: string, prefix: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const key = `${prefix}${entry.name}`;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, `${key}/`);
    else if (!used.has(key)) rmSync(full);
    else bytes += statSync(full).size;
  }
};
walk(path.join(demoImagesDir, 'files'), '');
rmSync(path.join(demoImagesDir, 'tmp'), { recursive: true, force: true });
console.log(`${Object.keys(manifest).length} demo pictures in demo-images/ (${(bytes / 1024 / 1024).toFixed(1)} MB with their variants)`);
