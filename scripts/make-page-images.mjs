// `npm run page-images`: the site's own photographs (public/images/*.jpg: the home page's hero, the
// pages' header, the not-found picture) as WebP at the widths their srcset offers
// (src/client/lib/page-images.ts), written beside them. A phone downloads a tenth of the JPEG
// (the largest picture of a page is what its LCP waits for). Run it after replacing a picture.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'public', 'images');
const WIDTHS = [640, 1024, 1600];

for (const name of readdirSync(dir).filter((f) => f.endsWith('.jpg'))) {
  const source = path.join(dir, name);
  const { width = 0 } = await sharp(source).metadata();
  for (const w of WIDTHS.filter((w) => w <= width)) {
    const target = path.join(dir, `${path.basename(name, '.jpg')}-${w}.webp`);
    const info = await sharp(source).resize({ width: w }).webp({ quality: 68, effort: 6 }).toFile(target);
    console.log(`${path.relative(process.cwd(), target)}: ${info.width}x${info.height}, ${Math.round(info.size / 1024)} KB`);
  }
}
