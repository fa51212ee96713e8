/**
 * The review page, /review/{token}: rendered by the server for each request from the link's data,
 * private (noindex, `Cache-Control: private, no-store`); the review link beside the private form,
 * the same for everyone; a used link says thank you (the review link, no form); a made-up one is the 404 page.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';
import { makeRetriesDue } from '#test/support/jobs.ts';
import { PageShell } from '#server/public-content/page-shell.ts';
import { registerReviewPage } from '#server/reviews/review-page.route.ts';
import { renderPage } from '#client/entry-server.tsx';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { daytimeZone } from '#test/support/daytime.ts';

const REVIEW_LINK = 'https://g.page/r/page-test/review';
let t: TestApp;
let pages: FastifyInstance;
let clientDir: string;
let reviewPath: string;

beforeAll(async () => {
  t = await createTestApp({ REVIEW_REQUEST_DELAY_HOURS: '0' });
  const timeZone = daytimeZone();
  await updateShop(t.deps, { ...(await getShop(t.deps)), reviewLink: REVIEW_LINK, timeZone }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-review-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  pages = Fastify();
  registerReviewPage(pages, t.deps, new PageShell(clientDir, { appUrl: t.config.appUrl }, renderPage));
  await pages.ready();

  const { client: admin } = await adminClient(t);
  const created = await admin.post('/api/repair-jobs', {
    json: {
      customer_name: 'Jory Page',
      customer_email: 'jory@example.com',
      vehicle: 'Volvo XC60',
      agreed_work: 'Front bumper & grille replaced.',
      promised_ready_on: '2026-12-03',
    },
  });
  const collected = (await admin.get('/api/repair-stages')).body.data.find((s: { is_collected: boolean }) => s.is_collected).id;
  await admin.post(`/api/repair-jobs/${created.body.id}/stage`, { json: { stage_id: collected } });
  await makeRetriesDue(t.deps.db);
  await t.deps.jobs.drain();
  const mail = (await mailsTo(path.join(t.dataDir, 'mail'), 'jory@example.com')).find((m) => /How did we do/.test(m.subject))!;
  reviewPath = pathOf(mail.links.find((l) => l.includes('/review/'))!);
});
afterAll(async () => {
  await pages?.close();
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /review/{token}', () => {
  it('renders the page on the server: the car and the work, the review link beside the private form; private', async () => {
    const res = await pages.inject({ method: 'GET', url: reviewPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    const root = /<div id="root">(.*?)<\/div>\n {4}<script type="application\/json"/s.exec(res.body)?.[1] ?? '';
    expect(root).toContain('How did we do?');
    expect(root).toContain('Volvo XC60');
    expect(root).toContain('Front bumper &amp; grille replaced.');
    expect(root).toContain(`href="${REVIEW_LINK}"`);
    expect(root).toContain('Tell us privately');
    expect(root).toContain('You may show my words, score and name on your website');
    expect(res.body).not.toContain('jory@example.com');
  });

  it('says thank you once used (with the review link, without the form), and is the 404 page for a made-up link', async () => {
    expect((await pages.inject({ method: 'GET', url: '/review/made-up' })).statusCode).toBe(404);
    const anon = new TestClient(t.app);
    await anon.csrf();
    const token = reviewPath.split('/').pop()!;
    expect((await anon.post(`/api/review-requests/${token}/feedback`, { json: { score: 4, consent: false } })).status).toBe(201);
    const used = await pages.inject({ method: 'GET', url: reviewPath });
    expect(used.statusCode).toBe(200);
    expect(used.headers['cache-control']).toBe('private, no-store');
    const root = /<div id="root">(.*?)<\/div>\n {4}<script type="application\/json"/s.exec(used.body)?.[1] ?? '';
    expect(root).toContain('Thank you, we have your review');
    expect(root).toContain(`href="${REVIEW_LINK}"`);
    expect(root).not.toContain('Tell us privately');
    expect(root).not.toContain('Send my feedback');
  });
});
