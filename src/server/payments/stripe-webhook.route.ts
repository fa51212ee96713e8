/**
 * POST /api/payments/stripe-webhook: Stripe's deliveries (stripe-webhook.service.ts). A Fastify
 * route of its own, not a procedure: the signature is over the exact bytes, so the body is read
 * raw (a scope with one buffer parser), and the caller is Stripe, which sends no cookie or CSRF
 * header (the CSRF plugin lets this path through; the signature is its proof). Throttled per
 * address like every door anyone can knock on.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { sendRestError } from '#server/rest/error-response.ts';
import { AppError } from '#server/errors.ts';
import { handleStripeWebhook } from './stripe-webhook.service.ts';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe-webhook';

/** Stripe retries and bursts; well above what it sends one site, well below a flood. */
export const STRIPE_WEBHOOK_LIMIT = { limit: 300, windowSeconds: 60 } as const;
/** Stripe's events are a few kilobytes; a checkout session with its line items well under this. */
const BODY_LIMIT = 512 * 1024;

export async function registerStripeWebhookRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      try {
        await throttle(deps.rateLimiter, { key: `stripe-webhook:${request.ip}`, ...STRIPE_WEBHOOK_LIMIT });
      } catch (error) {
        return sendRestError(reply, error, request.log);
      }
      const header = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await handleStripeWebhook(deps, body, Array.isArray(header) ? header[0] : header);
      reply.header('cache-control', 'no-store');
      if (outcome.status !== 200) {
        const error = outcome.status === 400 ? AppError.badRequest(outcome.message) : new AppError('UNAVAILABLE', outcome.message);
        return sendRestError(reply, error, request.log);
      }
      return reply.code(200).send({ received: true, duplicate: outcome.duplicate });
    });
  });
}
