/**
 * robots.txt and sitemap.xml for search engines: a body shop lives on local search. The sitemap
 * lists the public pages and every visible gallery, with lastmod from the content, and is made
 * once per snapshot version; robots.txt keeps the admin area, the account pages and the APIs out.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { PUBLIC_PAGE_PATHS } from './page-shell.ts';

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /reset-password/',
    'Disallow: /confirm-password',
    'Disallow: /two-factor-challenge',
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
  const urls = [
    ...PUBLIC_PAGE_PATHS.map((path) => entry(path, path === '/galleries' ? newestGallery : content.pagesChangedAt)),
    ...content.galleryIds.map((id) => entry(`/galleries/${id}`, content.galleryChangedAt.get(id))),
  ];
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
