// The quote form's photo rules (what goes, what is refused before sending) and its per-photo progress.
import { describe, expect, it } from 'vitest';
import { addPhotos } from '#client/pages/quote/quote-photo-picker.tsx';
import { photoProgress } from '#client/pages/quote/quote-page.tsx';

const MB = 1024 * 1024;

function fakeFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('addPhotos', () => {
  it('keeps six images and lists a PDF, an oversized photo and a 7th with the reason', () => {
    const images = Array.from({ length: 7 }, (_, i) => fakeFile(`p${i}.jpg`, 'image/jpeg'));
    const picked = addPhotos([], [images[0]!, fakeFile('estimate.pdf', 'application/pdf'), fakeFile('huge.png', 'image/png', 21 * MB)]);
    expect(picked.map((p) => p.refusal)).toEqual([
      null,
      "You can't upload files of this type.",
      'File is too big (21MiB). Max filesize: 20MiB.',
    ]);
    const more = addPhotos(picked, images.slice(1));
    expect(more.filter((p) => !p.refusal)).toHaveLength(6);
    expect(more.at(-1)!.refusal).toBe('At most 6 photos can be sent with a request.');
  });

  it('takes an iPhone HEIC without a type by its name', () => {
    expect(addPhotos([], [fakeFile('IMG_0001.HEIC', '')])[0]!.refusal).toBeNull();
  });
});

describe('photoProgress', () => {
  it('spreads the body’s progress over the photos in the order they are sent', () => {
    const photos = [
      { id: 1, size: 100 },
      { id: 2, size: 300 },
    ];
    expect(photoProgress(photos, 100, 0)).toEqual({ 1: 0, 2: 0 });
    expect(photoProgress(photos, 100, 0.4)).toEqual({ 1: 100, 2: 0 });
    expect(photoProgress(photos, 100, 0.7)).toEqual({ 1: 100, 2: 50 });
    expect(photoProgress(photos, 100, 1)).toEqual({ 1: 100, 2: 100 });
  });
});
