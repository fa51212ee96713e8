/**
 * robots.txt and sitemap.xml for search engines: a body shop lives on local search. The sitemap
 * lists the route table's rendered pages (src/shared/screens.ts) and every visible gallery, with
 * lastmod from the content, and is made once per snapshot version; robots.txt keeps the admin area,
 * the account pages and the APIs out.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { needsSignIn, pathOf, SCREEN_LIST } from '#shared/screens.ts';

/**
 * What robots.txt keeps crawlers out of: every screen for signed-in users and every screen marked
 * `disallow` in the route table (as the shortest prefixes that cover them), and the APIs.
 */
export function disallowedPaths(): string[] {
  const prefixes = SCREEN_LIST.filter((screen) => screen.disallow || needsSignIn(screen.access))
    .map((screen) => screen.path.replace(/:.*$/, ''))
    .sort();
  const kept = prefixes.filter((prefix, i) => !prefixes.slice(0, i).some((shorter) => prefix.startsWith(shorter)));
  return [...kept, '/api/', '/trpc/'];
}

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);
const day = (date: Date) => date.toISOString().slice(0, 10);

export function sitemapXml(
  appUrl: string,
  content: { galleryIds: number[]; pagesChangedAt: Date | null; galleryChangedAt: Map<number, Date> },
): string {
  const galleryTimes = content.galleryIds.map((id) => content.galleryChangedAt.get(id)).filter((d): d is Date => d !== undefined);
  const newestGallery = galleryTimes.length ? new Date(Math.max(...galleryTimes.map((d) => d.getTime()))) : null;
  const entry = (path: string, changedAt: Date | null | undefined) =>
    `  <url><loc>${escapeXml(appUrl + path)}</loc>${changedAt ? `<lastmod>${day(changedAt)}</lastmod>` : ''}</url>`;
  // The route table's rendered pages, in its order.
  const urls = SCREEN_LIST.flatMap(({ path, ssr }) => {
    if (ssr?.sitemap === 'each gallery')
      return content.galleryIds.map((id) => entry(pathOf(path, { id }), content.galleryChangedAt.get(id)));
    if (ssr?.sitemap === 'galleries') return [entry(path, newestGallery)];
    return ssr ? [entry(path, content.pagesChangedAt)] : [];
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function registerCrawlerFiles(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'publicContent'>): void {
  const robots = robotsTxt(deps.config.appUrl);
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  let cached: { version: number; xml: string } | undefined;
  app.get('/sitemap.xml', async (_request, reply) => {
    const snapshot = deps.publicContent.current();
    if (!snapshot) return reply.code(503).header('retry-after', '5').type('application/json').send({ message: 'Service Unavailable.' });
    if (cached?.version !== snapshot.version) {
      const { galleries, changedAt } = snapshot.content;
      cached = {
        version: snapshot.version,
        xml: sitemapXml(deps.config.appUrl, {
          galleryIds: galleries.map((g) => g.id),
          pagesChangedAt: changedAt.pages,
          galleryChangedAt: changedAt.galleries,
        }),
      };
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=0, must-revalidate').send(cached.xml);
  });
}
