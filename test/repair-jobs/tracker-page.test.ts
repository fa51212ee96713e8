/**
 * The tracker page, /track/{token}: rendered by the server for each request with the client's own
 * server render (from source), its data embedded for the browser; private (noindex,
 * `Cache-Control: private, no-store`); a link that opens nothing is the 404 page with no data.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { adminClient } from '#test/support/content.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';
import { makeJpeg } from '#test/support/factories.ts';
import { PageShell } from '#server/public-content/page-shell.ts';
import { registerTrackerPage } from '#server/repair-jobs/tracker-page.route.ts';
import { renderPage } from '#client/entry-server.tsx';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';

let t: TestApp;
let pages: FastifyInstance;
let clientDir: string;
let trackerPath: string;
let jobId: number;

beforeAll(async () => {
  t = await createTestApp();
  await updateShop(t.deps, { ...(await getShop(t.deps)), telephone: '01632 960123' }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-tracker-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  const shell = new PageShell(clientDir, { appUrl: t.config.appUrl }, renderPage);
  pages = Fastify();
  registerTrackerPage(pages, t.deps, shell);
  await pages.ready();

  const { client: admin } = await adminClient(t);
  const created = await admin.post('/api/repair-jobs', {
    json: {
      customer_name: 'Pat Page',
      customer_email: 'pat@example.com',
      vehicle: 'Mini Cooper <2019>',
      registration: 'MN19 ABC',
      agreed_work: 'Rear bumper respray.',
      promised_ready_on: '2026-12-03',
    },
  });
  jobId = created.body.id;
  const assessed = (await admin.get('/api/repair-stages')).body.data[1].id;
  await admin.post(`/api/repair-jobs/${jobId}/stage`, { json: { stage_id: assessed } });
  const uploaded = await admin.post(`/api/repair-jobs/${jobId}/photos`, {
    multipart: { photos: [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await makeJpeg(40, 30) }] },
  });
  await admin.patch(`/api/repair-jobs/${jobId}/photos/${uploaded.body.photos[0].id}`, { json: { shared: true } });
  await admin.post(`/api/repair-jobs/${jobId}/notes`, { json: { body: 'Private: customer is a cousin of the owner' } });
  const mail = (await mailsTo(path.join(t.dataDir, 'mail'), 'pat@example.com'))[0]!;
  trackerPath = pathOf(mail.links.find((l) => l.includes('/track/'))!);
});
afterAll(async () => {
  await pages?.close();
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /track/{token}', () => {
  it('renders the tracker on the server: stages with their times, the date, the shared photo, the call link; private and noindex', async () => {
    const started = performance.now();
    const res = await pages.inject({ method: 'GET', url: trackerPath });
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    const root = /<div id="root">(.*?)<\/div>\n {4}<script type="application\/json"/s.exec(html)?.[1] ?? '';
    expect(root).toContain('Your repair');
    expect(root).toContain('Mini Cooper &lt;2019&gt;');
    expect(root).toContain('3 December 2026');
    expect(root).toContain('href="tel:01632960123"');
    expect(root).toMatch(/Booked in<\/span><span class="tracker__stage-time">\d+ \w+ \d{4}, \d\d:\d\d/);
    expect(root).toMatch(/aria-current="step"[^>]*><span class="tracker__stage-name">Assessed/);
    expect(root).toMatch(/src="\/repair-photos\/\d+\/thumb\?expires=\d+&amp;signature=[0-9a-f]{64}"/);
    expect(root).toContain('Message to the workshop');
    // The data the browser hydrates from, and never a staff note.
    expect(html).toContain('"repairTracker":{"token"');
    expect(html).not.toContain('cousin of the owner');
    expect(html).not.toContain('pat@example.com');
    // Rendered per request, fast (a loose bound: the figure is in the report).
    expect(took).toBeLessThan(2000);
  });

  it('renders an insured job: the insurer, the claim number, the liability in words, the excess, and what is awaited at the authority stage', async () => {
    const { client: admin } = await adminClient(t);
    const created = await admin.post('/api/repair-jobs', {
      json: {
        customer_name: 'Ira Insured',
        customer_email: 'ira@example.com',
        vehicle: 'Ford Focus',
        agreed_work: 'Offside door replaced.',
        promised_ready_on: '2026-12-18',
      },
    });
    expect(created.status).toBe(201);
    const insurer = await admin.post('/api/insurers', { json: { name: 'Page Test Mutual' } });
    const claimed = await admin.put(`/api/insurance-claims/repair-jobs/${created.body.id}`, {
      json: { insurer_id: insurer.body.id, claim_number: 'PTM-778/2', liability: 'non_fault', excess_pence: 25000 },
    });
    expect(claimed.status).toBe(200);
    const stagesList = (await admin.get('/api/repair-stages')).body.data as { id: number; name: string }[];
    const awaiting = stagesList.find((s) => s.name === 'Awaiting insurer authority')!;
    await admin.post(`/api/repair-jobs/${created.body.id}/stage`, { json: { stage_id: awaiting.id } });
    const mail = (await mailsTo(path.join(t.dataDir, 'mail'), 'ira@example.com'))[0]!;
    const url = pathOf(mail.links.find((l) => l.includes('/track/'))!);

    const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\n {4}<script type="application\/json"/s.exec(html)?.[1] ?? '';
    const text = (html: string) =>
      rootOf(html)
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ');
    const page = await pages.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(text(page.body)).toContain('Insured with Page Test Mutual, claim number PTM-778/2: a non-fault claim.');
    expect(text(page.body)).toContain('Your excess to pay us: £250.');
    expect(text(page.body)).toContain('We are waiting for Page Test Mutual to authorise the repair');

    await admin.put(`/api/insurance-claims/repair-jobs/${created.body.id}/authority`, {
      json: { authorised_pence: 180000, authorised_on: '2026-12-01' },
    });
    const next = stagesList[stagesList.indexOf(awaiting) + 1]!;
    expect((await admin.post(`/api/repair-jobs/${created.body.id}/stage`, { json: { stage_id: next.id } })).status).toBe(200);
    await admin.put(`/api/insurance-claims/repair-jobs/${created.body.id}`, {
      json: { insurer_id: insurer.body.id, claim_number: 'PTM-778/2', liability: 'fault', excess_pence: 0 },
    });
    const moved = text((await pages.inject({ method: 'GET', url })).body);
    expect(moved).toContain('a fault claim. There is no excess to pay.');
    expect(moved).not.toContain('We are waiting for');
    expect(moved).not.toContain('1,800');
  });

  it('answers a tampered, revoked or made-up link with the 404 page and no data', async () => {
    const token = trackerPath.split('/').pop()!;
    const tampered = `/track/${token.slice(0, -2)}xx`;
    for (const url of [tampered, '/track/not-a-token', `/track/${'a'.repeat(43)}`]) {
      const res = await pages.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).not.toContain('Mini Cooper');
      expect(res.body).not.toContain('repairTracker');
    }
    const { client: admin } = await adminClient(t);
    await admin.delete(`/api/repair-jobs/${jobId}/tracker`);
    const revoked = await pages.inject({ method: 'GET', url: trackerPath });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).not.toContain('Mini Cooper');
  });
});
