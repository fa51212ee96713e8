// Image uploads that lie, break or bomb: a clear 422, and no row or file left behind.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createGallery, makePng } from '#test/support/factories.ts';
import { adminClient, makeNoisyJpeg, storedFiles, tempFiles } from '#test/support/content.ts';

let t: TestApp;
let galleryId: number;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  galleryId = (await createGallery(t.deps.db, t.deps.storage)).gallery.id;
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});

const rowCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function upload(data: Buffer, filename = 'upload.jpg', contentType = 'image/jpeg') {
  return admin.post('/api/galleriesimages', { multipart: { gallery_id: String(galleryId), file: { filename, contentType, data } } });
}

/** A PNG whose header claims width x height (a decompression bomb needs no more than that). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows 13 bytes later.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('refused uploads', () => {
  const cases: [string, () => Promise<Buffer>, string, string, string][] = [
    [
      'text named .jpg',
      async () => Buffer.from('hello, not an image'),
      'a.jpg',
      'image/jpeg',
      'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    ],
    [
      'HTML stated as PNG',
      async () => Buffer.from('<html><script>alert(1)</script></html>'),
      'a.png',
      'image/png',
      'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    ],
    [
      'an SVG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>'),
      'a.svg',
      'image/svg+xml',
      'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    ],
    [
      'a PDF named .png',
      async () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      'a.png',
      'image/png',
      'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    ],
    [
      'a truncated JPEG',
      async () => (await makeNoisyJpeg(400, 300)).subarray(0, 5000),
      'cut.jpg',
      'image/jpeg',
      'The image could not be read; it may be damaged or incomplete.',
    ],
    [
      'a JPEG header only',
      async () => (await makeNoisyJpeg(400, 300)).subarray(0, 200),
      'cut.jpg',
      'image/jpeg',
      'The image could not be read; it may be damaged or incomplete.',
    ],
    [
      'a decompression bomb (30000 x 30000)',
      () => pngClaiming(30_000, 30_000),
      'bomb.png',
      'image/png',
      'The image is too large: at most 50 megapixels.',
    ],
    [
      'a bomb of extreme width',
      () => pngClaiming(1_000_000, 60),
      'wide.png',
      'image/png',
      'The image is too large: at most 50 megapixels.',
    ],
  ];

  it.each(cases)('%s: 422 with a clear message, nothing stored', async (_name, make, filename, type, message) => {
    const files = await storedFiles(t);
    const rows = await rowCount();
    const res = await upload(await make(), filename, type);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { file: [message] } });
    expect(await storedFiles(t)).toEqual(files);
    expect(await rowCount()).toBe(rows);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('a zero-byte file counts as no file', async () => {
    const res = await upload(Buffer.alloc(0));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The file field is required.']);
    expect(await tempFiles(t)).toEqual([]);
  });
});

describe('accepted uploads', () => {
  it('decides the type by the bytes: a PNG named .txt is fine', async () => {
    const res = await upload(await makePng(40, 30), 'notes.txt', 'text/plain');
    expect(res.status).toBe(201);
  });

  it.each(['webp', 'gif', 'avif'] as const)('accepts %s', async (format) => {
    const data = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#336699' } })
      .toFormat(format)
      .toBuffer();
    const res = await upload(data, `x.${format}`, `image/${format}`);
    expect(res.status).toBe(201);
    expect(res.body.image).toMatchObject({ large_width: 50, large_height: 40 });
  });

  it('turns a photo upright by its orientation tag and strips its metadata', async () => {
    // Stored 80 wide, 40 high, tagged "rotate 90° clockwise to view": upright it is 40 x 80.
    const photo = await makeNoisyJpeg(80, 40, { orientation: 6, gps: true });
    expect(photo.includes(Buffer.from('Secret Owner'))).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const res = await upload(photo);
    expect(res.status).toBe(201);
    expect(res.body.image).toMatchObject({ large_width: 40, large_height: 80 });
    for (const url of [res.body.image.large_url, res.body.image.medium_url, res.body.image.thumb_url]) {
      expect((await new TestClient(t.app).get(url)).status).toBe(200);
      const served = await t.deps.storage.read(`public/${url.slice('/media/'.length)}`);
      const meta = await sharp(served).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.includes(Buffer.from('Secret Owner'))).toBe(false);
    }
  });

  it('makes a large variant of at most 1600, a medium of at most 800 and a thumbnail of at most 480 pixels', async () => {
    const res = await upload(await makeNoisyJpeg(4000, 3000));
    expect(res.status).toBe(201);
    expect(res.body.image).toMatchObject({
      large_width: 1600,
      large_height: 1200,
      medium_url: expect.stringMatching(/^\/media\/img\/[0-9a-f]{32}-m\.webp$/),
      medium_width: 800,
      medium_height: 600,
      thumb_width: 480,
      thumb_height: 360,
    });
    const medium = await t.deps.storage.read(`public/${res.body.image.medium_url.slice('/media/'.length)}`);
    expect(await sharp(medium).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    // The original stays private: nothing under public/ but WebP variants.
    const files = await storedFiles(t);
    expect(files.filter((f) => f.startsWith('public/')).every((f) => f.endsWith('.webp'))).toBe(true);
    expect(files.some((f) => f.startsWith('private/originals/') && f.endsWith('.jpg'))).toBe(true);
  });
});
