/**
 * The security headers (helmet's, with the site's Content-Security-Policy), built once when the
 * app is built and the same for every answer: Fastify's, through the hook here, and the fast path
 * before Fastify (public-content/public-fast-path.ts). @fastify/helmet would build its middleware
 * again on every request, which costs more than a whole public read; the headers never vary, so
 * they are taken once from @fastify/helmet itself (a throwaway instance answers one request) and
 * kept as a constant.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '#server/config/load-config.ts';
import { appLevel } from './app-level.ts';

export type SecurityHeaders = Readonly<Record<string, string>>;

export function helmetOptions(config: Pick<AppConfig, 'isHttps'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The rich-text editor and text alignment write inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Video widgets embed YouTube or Vimeo; the contact page embeds an OpenStreetMap map.
        frameSrc: [
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
          'https://www.openstreetmap.org',
        ],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isHttps,
  };
}

/**
 * The map tiles of the shop form's pin (src/client/pages/admin/shop/pin-map.tsx): the
 * admin pages' img-src adds OpenStreetMap's tile host; the public pages never load a tile (the
 * contact page's map is a frame).
 */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';

/** The policy with the tile host added to img-src (the admin pages' documents). */
export function withMapTiles(policy: string): string {
  return policy.replace(/(^|;)(\s*img-src\s[^;]*)/, (_, start: string, directive: string) => `${start}${directive} ${MAP_TILE_ORIGIN}`);
}

/** The headers helmet sets with these options, as one constant map (lower-case names). */
export async function buildSecurityHeaders(config: Pick<AppConfig, 'isHttps'>): Promise<SecurityHeaders> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, helmetOptions(config));
    probe.get('/', async () => '');
    const { headers } = await probe.inject({ method: 'GET', url: '/' });
    const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    return Object.freeze(
      Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (ownHeaders.has(name) ? [] : [[name, String(value)]]))),
    );
  } finally {
    await probe.close();
  }
}

/**
 * The headers that mean something on a script or stylesheet: the rest (the CSP, framing, the
 * opener policy, the old IE switches) govern a document and are ignored on anything else. The
 * referrer policy is left out too: a script's requests follow its page's, and the stylesheets ask
 * only this site (img-src and font-src 'self').
 */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

/** The hashed bundles (`/assets/…`, Vite's output): scripts and stylesheets, never a document. */
export const isBundlePath = (url: string) => url.startsWith('/assets/');

/**
 * Every answer Fastify gives carries the headers, set on the raw response as helmet set them; a
 * bundle only those that apply to it. A page loads some twenty bundles and a phone pays for each
 * one's headers in its JavaScript budget (at most 100 KB as sent): the document headers
 * were some 700 bytes of every bundle.
 */
export const securityHeadersPlugin = appLevel('security-headers', async (app: FastifyInstance, options: { headers: SecurityHeaders }) => {
  const entries = Object.entries(options.headers);
  const bundleEntries = entries.filter(([name]) => SUBRESOURCE_HEADERS.has(name));
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isBundlePath(request.url) ? bundleEntries : entries) reply.raw.setHeader(name, value);
    done();
  });
});
