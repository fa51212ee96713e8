/**
 * The one Stripe SDK client (the official `stripe` package), made from the config's keys and API
 * address (STRIPE_SECRET_KEY, STRIPE_API_URL); undefined when online payments are off. The key
 * stays inside the SDK: nothing here logs or returns it. The SDK (about 20 MB once loaded) is
 * loaded by the first payment call, so a site without payments, and every start, goes without it.
 */
import type Stripe from 'stripe';
import type { AppConfig } from '#server/config/load-config.ts';
import { AppError } from '#server/errors.ts';
import { PAYMENT_MESSAGES } from '#shared/schemas/payments.ts';

export type StripeConfig = NonNullable<AppConfig['stripe']>;

const clients = new WeakMap<StripeConfig, Stripe>();

export async function stripeClientOf(config: Pick<AppConfig, 'stripe'>): Promise<Stripe | undefined> {
  const settings = config.stripe;
  if (!settings) return undefined;
  let client = clients.get(settings);
  if (!client) {
    const { default: StripeSdk } = await import('stripe');
    client = new StripeSdk(settings.secretKey, {
      ...(settings.api ?? {}),
      // A request that fails is the customer's to try again: the SDK's own retries would hold the request open.
      maxNetworkRetries: 0,
      timeout: 10_000,
      telemetry: false,
    });
    clients.set(settings, client);
  }
  return client;
}

/** Online payments are on: both keys set. */
export function onlinePaymentsOn(config: Pick<AppConfig, 'stripe'>): boolean {
  return config.stripe !== undefined;
}

/** The client, or the clear 503 a procedure answers when online payments are off. */
export async function requireStripe(config: Pick<AppConfig, 'stripe'>): Promise<{ stripe: Stripe; settings: StripeConfig }> {
  const stripe = await stripeClientOf(config);
  if (!stripe || !config.stripe) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.onlineOff);
  return { stripe, settings: config.stripe };
}

/** A Stripe API error (or no answer) as the 503 the customer reads; the cause goes to the log, never the key. */
export function stripeUnavailable(): AppError {
  return new AppError('UNAVAILABLE', PAYMENT_MESSAGES.stripeFailed);
}
