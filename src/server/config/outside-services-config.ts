/** Services outside the site it may ask: the breached-password range API and a geocoder. */
import { z } from 'zod';
import { httpUrl, variable } from './env-values.ts';

export const DEFAULT_PWNED_PASSWORDS_URL = 'https://api.pwnedpasswords.com';

const OFF_WHEN_EMPTY = 'must be an http(s) URL, or empty for off';

export const outsideServicesVariables = z.object({
  // Not `variable`: an empty value turns the check off, unset takes the default.
  PWNED_PASSWORDS_URL: z.union([z.literal(''), httpUrl(OFF_WHEN_EMPTY)]).optional(),
  GEOCODER_URL: variable(httpUrl(OFF_WHEN_EMPTY).optional()),
});

export function outsideServicesConfig(e: z.output<typeof outsideServicesVariables>) {
  return {
    /**
     * Where the Pwned Passwords range API answers (PWNED_PASSWORDS_URL, no trailing slash); undefined
     * when the breached-password check is off (an empty value). Default https://api.pwnedpasswords.com.
     */
    pwnedPasswordsUrl:
      e.PWNED_PASSWORDS_URL === '' ? undefined : (e.PWNED_PASSWORDS_URL ?? DEFAULT_PWNED_PASSWORDS_URL).replace(/\/+$/, ''),
    /**
     * A Nominatim-compatible geocoder (GEOCODER_URL, no trailing slash) the shop form asks for a
     * postcode's position (shop.geocode); undefined: the form places the pin by hand only.
     */
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
  };
}
