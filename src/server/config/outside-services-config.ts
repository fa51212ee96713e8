/** Services outside the site it may ask: the breached-password range API, a geocoder and Stripe. */
import { z } from 'zod';
import { httpUrl, variable } from './env-values.ts';

export const DEFAULT_PWNED_PASSWORDS_URL = 'https://api.pwnedpasswords.com';

const OFF_WHEN_EMPTY = 'must be an http(s) URL, or empty for off';

export const outsideServicesVariables = z.object({
  // Not `variable`: an empty value turns the check off, unset takes the default.
  PWNED_PASSWORDS_URL: z.union([z.literal(''), httpUrl(OFF_WHEN_EMPTY)]).optional(),
  GEOCODER_URL: variable(httpUrl(OFF_WHEN_EMPTY).optional()),
  // Secrets: read here, never logged or shown (the System screen says only whether they are set).
  STRIPE_SECRET_KEY: variable(
    z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: variable(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  // Where the Stripe SDK sends its requests; the tests point it at test/support/stripe-server.ts.
  STRIPE_API_URL: variable(httpUrl('must be an http(s) URL').optional()),
});

/** The Stripe SDK's host, port and protocol from STRIPE_API_URL; undefined: the SDK's own (api.stripe.com). */
function stripeApi(url: string | undefined) {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

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
    /**
     * Online card payments through Stripe Checkout (payments/stripe-client.ts): both keys set, or
     * undefined and online payments are off (the Pay buttons hidden, counter payments still work).
     */
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, api: stripeApi(e.STRIPE_API_URL) }
        : undefined,
  };
}
