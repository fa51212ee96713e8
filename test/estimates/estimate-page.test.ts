/**
 * The customer's estimate page, /estimate/{token}: rendered by the server for each request with
 * the client's own server render (from source), every price VAT-inclusive, the VAT apart, the
 * 14-day right to cancel stated; private (noindex, `Cache-Control: private, no-store`); a link
 * that opens nothing is the 404 page with no data.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { adminClient } from '#test/support/content.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { PageShell } from '#server/public-content/page-shell.ts';
import { registerEstimatePage } from '#server/estimates/estimate-page.route.ts';
import { renderPage } from '#client/entry-server.tsx';

let t: TestApp;
let pages: FastifyInstance;
let clientDir: string;
let estimatePath: string;
let reference: string;

beforeAll(async () => {
  t = await createTestApp();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-estimate-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  const shell = new PageShell(clientDir, { appUrl: t.config.appUrl }, renderPage);
  pages = Fastify();
  registerEstimatePage(pages, t.deps, shell);
  await pages.ready();

  const { client: admin } = await adminClient(t);
  await admin.csrf();
  await admin.put('/api/estimate-settings', {
    json: { labour_rate_pence: 5500, vat_number: 'GB123456789', validity_days: 30, terms: 'Paid on collection.' },
  });
  const quote = await insertQuoteRequest(t.deps.db, { email: 'page@example.com', vehicle: 'Mini Cooper <2019>' });
  reference = quote.reference;
  await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, {
    json: {
      lines: [
        { kind: 'part', description: 'Door mirror glass', quantity: 1, unit_price_pence: 4000 },
        { kind: 'labour', description: 'Fit the glass', quantity: 50, unit_price_pence: 5500 },
      ],
    },
  });
  await admin.post(`/api/quote-requests/${quote.id}/estimate/send`);
  const mail = (await mailsTo(path.join(t.dataDir, 'mail'), 'page@example.com')).at(-1)!;
  estimatePath = pathOf(mail.links.find((l) => l.includes('/estimate/'))!);
});
afterAll(async () => {
  await pages?.close();
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /estimate/{token}', () => {
  it('renders the estimate on the server, VAT-inclusive, with the right to cancel; private and noindex', async () => {
    const res = await pages.inject({ method: 'GET', url: estimatePath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex" />');
    const root = /<div id="root">(.*?)<\/div>\n {4}<script type="application\/json"/s.exec(html)?.[1] ?? '';
    expect(root).toContain('Your estimate');
    expect(root).toContain(reference);
    expect(root).toContain('Mini Cooper &lt;2019&gt;');
    // £40 + £8 VAT; 0.5 h × £55 = £27.50 + £5.50 VAT; total £81.00 of which VAT £13.50.
    expect(root).toContain('£48.00');
    expect(root).toContain('£33.00');
    expect(root).toContain('£81.00');
    expect(root).toContain('£13.50');
    expect(root).toMatch(/VAT number (<!-- -->)?GB123456789/);
    expect(root).toContain('cancel within 14 days');
    expect(root).toContain('method="post"');
    expect(html).toContain('"estimatePage":{"token"');
    expect(html).not.toContain('page@example.com');
  });

  it('answers a tampered or made-up link with the 404 page and no data', async () => {
    const token = estimatePath.split('/').pop()!;
    for (const url of [`/estimate/${token.slice(0, -2)}xx`, '/estimate/not-a-token', `/estimate/${'a'.repeat(43)}`]) {
      const res = await pages.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Mini Cooper');
      expect(res.body).not.toContain('estimatePage');
    }
  });
});
