/**
 * A small Stripe on 127.0.0.1 for the payments tests: the part of Stripe's REST API the site uses
 * (POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/refunds), with Stripe's
 * form-encoded bodies (`line_items[0][price_data][unit_amount]=…`), its JSON shapes and error
 * bodies, the Bearer key checked, and Idempotency-Key honoured as Stripe does (the same key
 * answers the first answer again). The site's SDK reaches it through STRIPE_API_URL.
 *
 * It plays the customer and Stripe's side too: `complete(id)` pays a session and `expire(id)`
 * ends one, each sending the site a webhook event signed with the SDK's
 * stripe.webhooks.generateTestHeaderString, as Stripe would. A tiny hosted checkout page (the
 * session's `url`) has a Pay button that completes the session and sends the browser back to its
 * success_url, so a browser journey can go through.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_STRIPE_SECRET_KEY = 'sk_test_localstripe0123456789';
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_localstripe0123456789';

/** Where the events go: by default a POST to `webhookUrl`; a test may hand them to app.inject instead. */
export type WebhookSink = (payload: string, signature: string) => Promise<number>;

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

export interface FakeStripe {
  url: string;
  /** The env the site needs to talk to this server. */
  env: Record<string, string>;
  sessions: Map<string, Record<string, any>>;
  refunds: Map<string, Record<string, any>>;
  /** Every API request, as `METHOD /path`, in order. */
  requests: string[];
  /** When set, every API request answers 500 (Stripe down). */
  failing: boolean;
  sink: WebhookSink | undefined;
  webhookUrl: string | undefined;
  /** An event of `type` about `object`, signed as Stripe signs it (not sent). */
  signedEvent(type: string, object: Record<string, any>): SignedEvent;
  /** Sends a signed event to the sink; answers the site's status. */
  send(event: SignedEvent): Promise<number>;
  /** The customer paid: the session completes (a payment intent made) and checkout.session.completed is sent. */
  complete(sessionId: string): Promise<{ event: SignedEvent; status: number }>;
  expire(sessionId: string): Promise<{ event: SignedEvent; status: number }>;
  close(): Promise<void>;
}

const stripeForSigning = new Stripe('sk_test_signing_only');

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding back to an object: `a[b][0][c]=1` is { a: { b: [ { c: '1' } ] } }. */
export function parseStripeForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = [...key.matchAll(/[^[\]]+/g)].map((m) => m[0]);
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) node[part] = value;
      else {
        if (node[part] === undefined) node[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

function stripeError(response: http.ServerResponse, status: number, message: string, type = 'invalid_request_error', param?: string) {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { type, message, ...(param ? { param } : {}) } }));
}

export async function startFakeStripe(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? TEST_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? TEST_STRIPE_WEBHOOK_SECRET;
  const idempotent = new Map<string, { status: number; body: string }>();

  const fake: FakeStripe = {
    url: '',
    env: {},
    sessions: new Map(),
    refunds: new Map(),
    requests: [],
    failing: false,
    sink: undefined,
    webhookUrl: undefined,
    signedEvent(type, object) {
      const event = {
        id: newId('evt'),
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
      const payload = JSON.stringify(event);
      return {
        id: event.id,
        type,
        payload,
        signature: stripeForSigning.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      };
    },
    async send(event) {
      if (fake.sink) return fake.sink(event.payload, event.signature);
      if (!fake.webhookUrl) throw new Error('The fake Stripe has nowhere to send events: set sink or webhookUrl');
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
        body: event.payload,
      });
      return res.status;
    },
    async complete(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = session.payment_intent ?? newId('pi');
      const event = fake.signedEvent('checkout.session.completed', session);
      return { event, status: await fake.send(event) };
    },
    async expire(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      session.status = 'expired';
      session.url = null;
      const event = fake.signedEvent('checkout.session.expired', session);
      return { event, status: await fake.send(event) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function refundedOf(paymentIntent: string): number {
    let sum = 0;
    for (const r of fake.refunds.values()) if (r.payment_intent === paymentIntent && r.status !== 'failed') sum += r.amount;
    return sum;
  }

  function api(method: string, path: string, form: Record<string, any>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (form.line_items ?? []) as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[];
      if (items.length === 0)
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'line_items is required', param: 'line_items' } } };
      if (!form.success_url)
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'success_url is required', param: 'success_url' } },
        };
      const amount = items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: form.mode ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        amount_subtotal: amount,
        currency: items[0]?.price_data?.currency ?? 'gbp',
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        payment_intent: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        url: `${fake.url}/pay/${id}`,
      };
      fake.sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = fake.sessions.get(sessionMatch[1]!);
      if (!session)
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', message: `No such checkout.session: '${sessionMatch[1]}'`, code: 'resource_missing' },
          },
        };
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = String(form.payment_intent ?? '');
      const session = [...fake.sessions.values()].find((s) => s.payment_intent === paymentIntent);
      if (!session)
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', message: `No such payment_intent: '${paymentIntent}'`, code: 'resource_missing' },
          },
        };
      const amount = form.amount === undefined ? session.amount_total - refundedOf(paymentIntent) : Number(form.amount);
      if (!(amount > 0) || amount > session.amount_total - refundedOf(paymentIntent)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
              param: 'amount',
            },
          },
        };
      }
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: paymentIntent,
        status: 'succeeded',
        metadata: form.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      fake.refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', fake.url);
        const body = Buffer.concat(chunks).toString('utf8');
        // The hosted checkout page: what the customer sees at the session's url.
        const page = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
        if (page) {
          const session = fake.sessions.get(page[1]!);
          if (!session) return response.writeHead(404).end('No such checkout');
          if (request.method === 'POST') {
            if (session.status === 'open') await fake.complete(session.id);
            return response.writeHead(303, { location: session.success_url }).end();
          }
          const pounds = `£${(session.amount_total / 100).toFixed(2)}`;
          return response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Pay ${pounds}</title></head>` +
                `<body><h1>Test checkout</h1><p>Amount: ${pounds}</p><form method="post"><button type="submit">Pay ${pounds}</button></form></body></html>`,
            );
        }
        fake.requests.push(`${request.method} ${url.pathname}`);
        if (request.headers.authorization !== `Bearer ${secretKey}`) {
          return stripeError(response, 401, 'Invalid API Key provided.');
        }
        if (fake.failing) return stripeError(response, 500, 'An unknown error occurred.', 'api_error');
        const key = request.headers['idempotency-key'];
        const idemKey = typeof key === 'string' ? `${request.method} ${url.pathname} ${key}` : undefined;
        const kept = idemKey ? idempotent.get(idemKey) : undefined;
        if (kept)
          return response.writeHead(kept.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(kept.body);
        const answer = api(request.method ?? 'GET', url.pathname, request.method === 'POST' ? parseStripeForm(body) : {});
        const text = JSON.stringify(answer.body);
        if (idemKey && answer.status < 500) idempotent.set(idemKey, { status: answer.status, body: text });
        response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url };
  return fake;
}
