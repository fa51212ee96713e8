/**
 * The CSRF check of a form posted without JavaScript (docs/decisions/native-form-posts.md): such a
 * form cannot send the X-XSRF-TOKEN header, so the browser's own word on where the post came from
 * decides. `Origin` must be the site's (APP_URL); a browser that sends no Origin but says
 * `Sec-Fetch-Site: same-origin` passes too. Neither: refused. The session cookie is SameSite=Lax,
 * so a cross-site post carries no session either.
 */
import type { FastifyRequest } from 'fastify';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function isSameOriginPost(request: FastifyRequest, appUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin === originOf(appUrl);
  return request.headers['sec-fetch-site'] === 'same-origin';
}
