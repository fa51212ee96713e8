// The quote form's photo rules (what goes, what is refused before sending, how a photo is named),
// the server's photo messages put on the photos they mean, and the per-photo progress.
import { describe, expect, it } from 'vitest';
import { addPhotos, markUnreadable, photoLabel, PHOTO_REFUSALS, QUOTE_PHOTO_ACCEPT } from '#client/pages/quote/quote-photos.ts';
import { photoErrorsOf, photoProgress } from '#client/pages/quote/quote-refusal.ts';
import { megabytes, QUOTE_PHOTO_MAX_BYTES, QUOTE_PHOTO_TYPES_NAMED } from '#shared/limits.ts';
import { QUOTE_PHOTO_MESSAGES } from '#shared/schemas/quotes.ts';

const MB = 1024 * 1024;

function fakeFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('addPhotos', () => {
  it('keeps six images and lists a PDF, an oversized photo and a 7th with the reason, sizes in MB', () => {
    const images = Array.from({ length: 7 }, (_, i) => fakeFile(`p${i}.jpg`, 'image/jpeg'));
    const picked = addPhotos([], [images[0]!, fakeFile('estimate.pdf', 'application/pdf'), fakeFile('huge.png', 'image/png', 21 * MB)]);
    expect(picked.map((p) => p.refusal)).toEqual([
      null,
      'is not a photo we can take: photos must be JPEG, PNG, WebP, GIF or AVIF.',
      'is 21.0 MB: each photo can be at most 20 MB.',
    ]);
    expect(picked.map((p) => p.refusal ?? '').join(' ')).not.toMatch(/MiB/);
    const more = addPhotos(picked, images.slice(1));
    expect(more.filter((p) => !p.refusal)).toHaveLength(6);
    expect(more.at(-1)!.refusal).toBe('is one too many: at most 6 photos can be sent with a request.');
    expect(photoLabel(more, more[1]!.id)).toBe('Photo 2 (estimate.pdf)');
  });

  it('takes GIF and AVIF as the server does, and an iPhone HEIC without a type by its name', () => {
    const picked = addPhotos([], [fakeFile('a.gif', 'image/gif'), fakeFile('b.avif', 'image/avif'), fakeFile('IMG_0001.HEIC', '')]);
    expect(picked.map((p) => p.refusal)).toEqual([null, null, null]);
    // A TIFF is an image the server does not take: refused before it goes.
    expect(addPhotos([], [fakeFile('scan.tiff', 'image/tiff')])[0]!.refusal).toBe(PHOTO_REFUSALS.notAPhoto);
  });

  it('refuses a photo at one byte over the limit, and never shows its size as the limit', () => {
    const over = addPhotos([], [fakeFile('edge.jpg', 'image/jpeg', QUOTE_PHOTO_MAX_BYTES + 1)])[0]!;
    expect(over.refusal).toBe('is 20.1 MB: each photo can be at most 20 MB.');
    expect(addPhotos([], [fakeFile('ok.jpg', 'image/jpeg', QUOTE_PHOTO_MAX_BYTES)])[0]!.refusal).toBeNull();
    expect(megabytes(1536 * 1024)).toBe('1.5 MB');
  });

  it('marks a photo the browser cannot open as not sent', () => {
    const picked = addPhotos([], [fakeFile('fake.jpg', 'image/jpeg')]);
    expect(markUnreadable(picked, picked[0]!.id)[0]!.refusal).toBe(PHOTO_REFUSALS.unreadable);
  });

  it('names the accepted types the same in the hint, the refusals and the server’s message', () => {
    expect(PHOTO_REFUSALS.notAPhoto).toContain(QUOTE_PHOTO_TYPES_NAMED);
    expect(PHOTO_REFUSALS.unreadable).toContain(QUOTE_PHOTO_TYPES_NAMED);
    // The server's words (src/server/images/image-processing.ts), pinned over REST in test/quotes.
    expect('The file must be an image (JPEG, PNG, WebP, GIF or AVIF).').toContain(QUOTE_PHOTO_TYPES_NAMED);
    // The camera and the library on a phone: any image, decided here and on the server.
    expect(QUOTE_PHOTO_ACCEPT).toBe('image/*');
  });
});

describe('photoErrorsOf', () => {
  it('puts "Photo N" on the N-th photo sent, whatever was refused before it in the list', () => {
    // The customer's list: a PDF (not sent), door.jpg, wing.jpg; the server numbers the two sent.
    const errors = photoErrorsOf(
      [
        QUOTE_PHOTO_MESSAGES.notUsable(1, 'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).'),
        QUOTE_PHOTO_MESSAGES.tooLarge(0),
        QUOTE_PHOTO_MESSAGES.tooMany,
      ],
      [11, 12],
    );
    expect(errors).toEqual({
      byPhoto: { 12: ': The file must be an image (JPEG, PNG, WebP, GIF or AVIF).', 11: ' is too large: at most 20 MB each.' },
      general: ['At most 6 photos can be sent with a request.'],
    });
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
