/**
 * Signed, short-lived CV download links: the link itself carries the permission (who asked for
 * it and until when), HMAC-signed with the app key, so it can be opened in a new tab or handed
 * to the browser's download manager without exposing the file at a public URL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CV_LINK_SECONDS } from '#shared/limits.ts';

export const CV_DOWNLOAD_PATH = '/cv-downloads';

function signatureOf(appKey: Buffer, userId: number, expires: number, by: number): string {
  return createHmac('sha256', appKey).update(`cv-download:${userId}:${expires}:${by}`).digest('hex');
}

export function createCvLink(appUrl: string, appKey: Buffer, userId: number, by: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + CV_LINK_SECONDS;
  const query = new URLSearchParams({ expires: String(expires), by: String(by), signature: signatureOf(appKey, userId, expires, by) });
  return `${appUrl}${CV_DOWNLOAD_PATH}/${userId}?${query.toString()}`;
}

export interface CvLinkParams {
  userId: string;
  expires?: string | undefined;
  by?: string | undefined;
  signature?: string | undefined;
}

/** The admin who asked for the link, when the link is genuine and unexpired; otherwise null. */
export function verifyCvLink(appKey: Buffer, params: CvLinkParams, now = Date.now()): { userId: number; by: number } | null {
  const numeric = /^\d{1,10}$/;
  if (!numeric.test(params.userId) || !numeric.test(params.expires ?? '') || !numeric.test(params.by ?? '')) return null;
  const userId = Number(params.userId);
  const expires = Number(params.expires);
  const by = Number(params.by);
  const expected = Buffer.from(signatureOf(appKey, userId, expires, by));
  const given = Buffer.from(params.signature ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (expires * 1000 < now) return null;
  return { userId, by };
}

/** Content-Disposition with an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'cv';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
