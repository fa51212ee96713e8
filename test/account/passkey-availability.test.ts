// Passkeys on a fresh start: the default APP_URL is localhost (config/server-config.ts), and where WebAuthn cannot
// work (an IP address, plain http on another host) the screens say why instead of offering them.
import { describe, expect, it } from 'vitest';
import { PASSKEYS_NEED_A_NAME_MESSAGE, PASSKEYS_NEED_HTTPS_MESSAGE, passkeysUnavailableReason } from '#shared/passkey-availability.ts';

describe('where passkeys work', () => {
  it('works on localhost over http and on any name over https', () => {
    expect(passkeysUnavailableReason({ protocol: 'http:', hostname: 'localhost' })).toBeNull();
    expect(passkeysUnavailableReason({ protocol: 'http:', hostname: 'shop.localhost' })).toBeNull();
    expect(passkeysUnavailableReason({ protocol: 'https:', hostname: 'bodyshop.example' })).toBeNull();
  });

  it('says why on an IP address, and on plain http elsewhere', () => {
    expect(passkeysUnavailableReason({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(PASSKEYS_NEED_A_NAME_MESSAGE);
    expect(passkeysUnavailableReason({ protocol: 'https:', hostname: '203.0.113.7' })).toBe(PASSKEYS_NEED_A_NAME_MESSAGE);
    expect(passkeysUnavailableReason({ protocol: 'http:', hostname: '[::1]' })).toBe(PASSKEYS_NEED_A_NAME_MESSAGE);
    expect(passkeysUnavailableReason({ protocol: 'http:', hostname: 'bodyshop.example' })).toBe(PASSKEYS_NEED_HTTPS_MESSAGE);
  });
});
