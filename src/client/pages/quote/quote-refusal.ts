/**
 * What the quote form keeps of a refused request: the server's messages on the fields and photos
 * they mean, shown while each field still holds what was sent; and how far each photo has gone.
 */
import { photoNumberOf } from '#shared/quote-rules.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { PhotoErrors } from './quote-photos.ts';
import type { QuoteFormValues, QuoteTextField } from './quote-form-rules.ts';

type TextFieldName = QuoteTextField;

/** What was sent with a refused request: a server message stays on its field while the field is as sent. */
export interface Refusal {
  errors: FieldErrors;
  sent: QuoteFormValues;
  photoErrors: PhotoErrors;
  /** The ids of the photos sent, in order. */
  sentPhotoIds: number[];
}

export const NO_PHOTO_ERRORS: PhotoErrors = { byPhoto: {}, general: [] };

/** The server's photo messages on the photos they mean ("Photo 1" is the first photo sent). */
export function photoErrorsOf(messages: string[] | undefined, sentPhotoIds: number[]): PhotoErrors {
  const out: PhotoErrors = { byPhoto: {}, general: [] };
  for (const message of messages ?? []) {
    const named = photoNumberOf(message);
    const id = named ? sentPhotoIds[named.number - 1] : undefined;
    if (named && id !== undefined) out.byPhoto[id] ??= named.rest;
    else out.general.push(message);
  }
  return out;
}

/** Whether a field still holds what was sent (the telephone's rule also reads the preferred contact). */
export function unchanged(field: string, now: QuoteFormValues, sent: QuoteFormValues): boolean {
  if (field === 'consent') return now.consent === sent.consent;
  if (field === 'preferred_contact') return now.preferred === sent.preferred;
  if (field === 'telephone') return now.text.telephone === sent.text.telephone && now.preferred === sent.preferred;
  if (field in now.text) return now.text[field as TextFieldName] === sent.text[field as TextFieldName];
  return true;
}

/**
 * How much of each photo has gone, from how much of the whole body has: the fields go first, then
 * the photos in order (multipart framing is a few hundred bytes, left out).
 */
export function photoProgress(photos: { id: number; size: number }[], fieldBytes: number, fraction: number): Record<number, number> {
  const total = fieldBytes + photos.reduce((sum, p) => sum + p.size, 0);
  let sent = fraction * total - fieldBytes;
  const out: Record<number, number> = {};
  for (const photo of photos) {
    const part = photo.size === 0 ? 1 : Math.max(0, Math.min(1, sent / photo.size));
    out[photo.id] = Math.round(part * 100);
    sent -= photo.size;
  }
  return out;
}
