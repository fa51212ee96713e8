/**
 * The API reference page at /api/docs: Swagger UI over the same OpenAPI document that
 * /api/openapi.json serves. Third parties call the REST paths too (docs/architecture.md), and a
 * page they can read and try beats a JSON file.
 *
 * @fastify/swagger runs in static mode (it describes no Fastify route; the document is ours), and
 * @fastify/swagger-ui serves the page, its initializer script and its own copies of Swagger UI's
 * files under /api/docs/static/: no inline script and no CDN, so the site's Content-Security-Policy
 * (plugins/security-headers.ts) applies unchanged. The page loads the document from /api/docs/json.
 */
import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { OpenAPIObject } from 'trpc-to-openapi';

export const API_DOCS_PATH = '/api/docs';

export async function registerApiDocs(app: FastifyInstance, document: OpenAPIObject): Promise<void> {
  // The plugin's types stop at OpenAPI 3.0; it serves any document as given.
  const specification: StaticDocumentSpec = { document: document as unknown as StaticDocumentSpec['document'] };
  await app.register(fastifySwagger, { mode: 'static', specification });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: 'Harbourside Body & Paint API' },
    uiConfig: {
      // The "valid" badge would be an image from validator.swagger.io, which the CSP refuses.
      validatorUrl: null,
      deepLinking: true,
      // Tags start closed and open on a click. With every tag open, Swagger UI stopped rendering
      // once the page held more than about 133 operations (141 today): only the first tag showed.
      docExpansion: 'none',
    },
  });
}
