/**
 * Where passkeys cannot work, and why, so the screens say so instead of offering a ceremony that
 * ends in "Something went wrong": WebAuthn refuses an IP address as the relying party, and asks
 * for a secure context (https, or http on localhost). One rule for the login and security screens.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export const PASSKEYS_NEED_A_NAME_MESSAGE =
  'Passkeys do not work when the site is opened by its IP address. Open it by its name (for example http://localhost:3000) to use them.';
export const PASSKEYS_NEED_HTTPS_MESSAGE = 'Passkeys need a secure connection: they work once the site is served over https.';
export const PASSKEYS_UNSUPPORTED_MESSAGE = 'This browser does not support passkeys.';

/** Why passkeys cannot work at this address (null when they can). */
export function passkeysUnavailableReason(location: { protocol: string; hostname: string }): string | null {
  const host = location.hostname.replace(/^\[|\]$/g, '');
  if (IPV4.test(host) || host.includes(':')) return PASSKEYS_NEED_A_NAME_MESSAGE;
  const isLocalhost = host === 'localhost' || host.endsWith('.localhost');
  if (location.protocol !== 'https:' && !isLocalhost) return PASSKEYS_NEED_HTTPS_MESSAGE;
  return null;
}

/** In the browser: the address's reason, or the browser's own lack of WebAuthn. */
export function passkeysUnavailableHere(): string | null {
  if (typeof window === 'undefined') return null;
  const reason = passkeysUnavailableReason(window.location);
  if (reason) return reason;
  return typeof window.PublicKeyCredential === 'undefined' ? PASSKEYS_UNSUPPORTED_MESSAGE : null;
}
