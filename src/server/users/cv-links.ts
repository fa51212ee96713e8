/**
 * Signed, short-lived CV download links: the link itself carries the permission (who asked for
 * it and until when), HMAC-signed with the app key, so it can be opened in a new tab or handed
 * to the browser's download manager without exposing the file at a public URL.
 */
import { CV_LINK_SECONDS } from '#shared/limits.ts';
import { expiryIn, isSignatureValid, sign } from '#server/auth/signed-values.ts';

const PURPOSE = 'cv-download';

export const CV_DOWNLOAD_PATH = '/cv-downloads';

export function createCvLink(appUrl: string, appKey: Buffer, userId: number, by: number, now = Date.now()): string {
  const expires = expiryIn(CV_LINK_SECONDS, now);
  // The moment of issue, to the millisecond and signed: a download since then has spent the link.
  const issued = Math.floor(now);
  const query = new URLSearchParams({
    expires: String(expires),
    by: String(by),
    issued: String(issued),
    signature: sign(appKey, PURPOSE, [userId, by, issued], expires),
  });
  return `${appUrl}${CV_DOWNLOAD_PATH}/${userId}?${query.toString()}`;
}

export interface CvLinkParams {
  userId: string;
  expires?: string | undefined;
  by?: string | undefined;
  issued?: string | undefined;
  signature?: string | undefined;
}

export interface CvLink {
  userId: number;
  /** The admin who asked for the link. */
  by: number;
  /** When the link was issued: a download by `by` since then has spent it. */
  issuedAt: Date;
}

/** The link's contents, when it is genuine and unexpired; otherwise null. */
export function verifyCvLink(appKeys: readonly Buffer[], params: CvLinkParams, now = Date.now()): CvLink | null {
  const numeric = /^\d{1,10}$/;
  if (!numeric.test(params.userId) || !numeric.test(params.by ?? '') || !/^\d{1,15}$/.test(params.issued ?? '')) return null;
  const userId = Number(params.userId);
  const by = Number(params.by);
  const issued = Number(params.issued);
  if (!isSignatureValid(appKeys, PURPOSE, [userId, by, issued], params.expires, params.signature, now)) return null;
  return { userId, by, issuedAt: new Date(issued) };
}

/** Content-Disposition with an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'cv';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
