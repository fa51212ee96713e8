/**
 * The quote form's photos as a list: which may go (the types and sizes the server takes), the
 * refusals, each read after "Photo N (name)", and the server's messages per photo.
 */
import { megabytes, QUOTE_PHOTO_MAX_BYTES, QUOTE_PHOTO_MAX_MB, QUOTE_PHOTO_TYPES_NAMED, QUOTE_PHOTOS_MAX } from '#shared/limits.ts';

/**
 * What the inputs offer. "image/*" rather than a list of types: on a phone it is what makes the
 * picker offer the camera beside the photo library, and an iPhone then hands over its HEIC photos
 * as JPEGs. Which files may go is decided here (sendableReason) and, by the bytes, on the server.
 */
export const QUOTE_PHOTO_ACCEPT = 'image/*';

/** The types worth sending: the five every server takes, and HEIC/HEIF, which the server takes when its image library reads them. */
const SENDABLE_TYPE = /^image\/(jpeg|png|webp|gif|avif|heic|heif)$/i;
const SENDABLE_NAME = /\.(jpe?g|png|webp|gif|avif|heic|heif)$/i;
/** Browsers show these; a file of one of them that will not show is broken (AVIF aside: an older browser may not show it). */
export const PREVIEWABLE = /^image\/(jpeg|png|webp|gif|avif)$/i;
export const MUST_DECODE = /^image\/(jpeg|png|webp|gif)$/i;

/** The refusals, each read after "Photo N (name)". */
export const PHOTO_REFUSALS = {
  notAPhoto: `is not a photo we can take: photos must be ${QUOTE_PHOTO_TYPES_NAMED}.`,
  tooLarge: (size: number) => `is ${megabytes(size)}: each photo can be at most ${QUOTE_PHOTO_MAX_MB} MB.`,
  tooMany: `is one too many: at most ${QUOTE_PHOTOS_MAX} photos can be sent with a request.`,
  unreadable: `could not be opened as a picture: it may be damaged. Photos must be ${QUOTE_PHOTO_TYPES_NAMED}.`,
};

export interface PickedPhoto {
  id: number;
  file: File;
  /** Why it will not be sent, read after "Photo N (name)"; null for a photo that goes with the form. */
  refusal: string | null;
}

let nextPhotoId = 1;

function refusalOf(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const sendable = file.type ? SENDABLE_TYPE.test(file.type) : SENDABLE_NAME.test(file.name);
  if (!sendable) return PHOTO_REFUSALS.notAPhoto;
  if (file.size > QUOTE_PHOTO_MAX_BYTES) return PHOTO_REFUSALS.tooLarge(file.size);
  return null;
}

/** Adds files to the list: the first six acceptable ones go, the rest are listed with the reason. */
export function addPhotos(current: PickedPhoto[], files: File[]): PickedPhoto[] {
  let accepted = current.filter((p) => !p.refusal).length;
  const added = files.map((file) => {
    let refusal = refusalOf(file);
    if (!refusal && accepted >= QUOTE_PHOTOS_MAX) refusal = PHOTO_REFUSALS.tooMany;
    if (!refusal) accepted += 1;
    return { id: nextPhotoId++, file, refusal };
  });
  return [...current, ...added];
}

/** A photo the browser could not open: it is not sent. */
export function markUnreadable(photos: PickedPhoto[], id: number): PickedPhoto[] {
  return photos.map((p) => (p.id === id && !p.refusal ? { ...p, refusal: PHOTO_REFUSALS.unreadable } : p));
}

/** "Photo 2 (door.jpg)": the photo's place in the customer's list and its name. */
export function photoLabel(photos: PickedPhoto[], id: number): string {
  const index = photos.findIndex((p) => p.id === id);
  return `Photo ${index + 1} (${photos[index]?.file.name ?? ''})`;
}

export interface PhotoErrors {
  /** The server's message per photo id, read after "Photo N (name)" (": The file must be …"). */
  byPhoto: Record<number, string>;
  /** Messages about no one photo ("At most 6 photos …"). */
  general: string[];
}
