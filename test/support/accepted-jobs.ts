/**
 * A repair job whose estimate the customer accepted, made through the REST door as the shop and
 * the customer would (draft, send, the link from the mail, acceptance, the job opened from the
 * quote), optionally insured: what an invoice is issued from. The app must trust 127.0.0.1 as a
 * proxy (createTestApp({ TRUST_PROXY: '127.0.0.1' })).
 */
import path from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { TestClient } from './client.ts';
import { mailsTo, pathOf } from './mail.ts';
import { insertQuoteRequest } from './work-rows.ts';

/** Net £421.45, VAT £81.79, gross £503.24 (test/estimates/estimates.test.ts works them by hand). */
export const ACCEPTED_LINES = [
  { kind: 'part', description: 'Rear bumper cover', quantity: 1, unit_price_pence: 18500, vat_rate_bp: 2000 },
  { kind: 'labour', description: 'Fit and align bumper', quantity: 250, unit_price_pence: 5500, vat_rate_bp: 2000 },
  { kind: 'paint_materials', description: 'Paint and clear coat', quantity: 1, unit_price_pence: 8645, vat_rate_bp: 2000 },
  { kind: 'sundries', description: 'MOT certificate copy', quantity: 1, unit_price_pence: 1250, vat_rate_bp: 0 },
];

let n = 0;

export interface AcceptedJobOptions {
  email?: string;
  /** The customer's name as they typed it (default Jo Customer). */
  name?: string;
  userId?: number | null;
  /** Mark the quote insured with this excess (pence), and record the authority when given. */
  insured?: { excess_pence: number; authorised_pence?: number };
  /** Send the estimate but leave it unanswered. */
  accept?: boolean;
}

export async function acceptedJob(t: TestApp, admin: TestClient, options: AcceptedJobOptions = {}) {
  const outbox = path.join(t.dataDir, 'mail');
  const email = options.email ?? `invoiced${++n}-${Date.now()}@example.com`;
  const quote = await insertQuoteRequest(t.deps.db, { email, user_id: options.userId ?? null, name: options.name ?? 'Jo Customer' });
  if (options.insured) {
    const insurer = await admin.post('/api/insurers', { json: { name: `Insurer ${n}` } });
    expect(insurer.status).toBe(201);
    const claim = await admin.put(`/api/insurance-claims/quote-requests/${quote.id}`, {
      json: { insurer_id: insurer.body.id, claim_number: `CLM-${n}`, liability: 'non_fault', excess_pence: options.insured.excess_pence },
    });
    expect(claim.status).toBe(200);
  }
  expect((await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { notes: '', lines: ACCEPTED_LINES } })).status).toBe(
    200,
  );
  expect((await admin.post(`/api/quote-requests/${quote.id}/estimate/send`)).status).toBe(201);
  const link = (await mailsTo(outbox, email)).at(-1)!.links.find((l) => l.includes('/estimate/'))!;
  const token = pathOf(link).split('/').at(-1)!;
  if (options.accept !== false) {
    const anon = new TestClient(t.app);
    await anon.csrf();
    const estimate = await anon.get(`/api/estimates/${token}`);
    const accepted = await anon.post(`/api/estimates/${token}/acceptance`, {
      json: { version_hash: estimate.body.version.content_hash, name: 'Jo Customer', start_within_cancellation: false },
      // Each customer from an address of their own (the answers are throttled per address; the app trusts 127.0.0.1 as a proxy).
      headers: { 'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}` },
    });
    expect(accepted.status).toBe(201);
  }
  const opened = await admin.post('/api/repair-jobs', {
    json: { quote_request_id: quote.id, agreed_work: 'Rear bumper replaced and painted.', promised_ready_on: '2026-12-20' },
  });
  expect(opened.status).toBe(201);
  const job = opened.body as { id: number; reference: string };
  if (options.insured?.authorised_pence !== undefined) {
    const authority = await admin.put(`/api/insurance-claims/repair-jobs/${job.id}/authority`, {
      json: { authorised_pence: options.insured.authorised_pence, authorised_on: '2026-11-30' },
    });
    expect(authority.status).toBe(200);
  }
  const trackerLink = (await mailsTo(outbox, email)).at(-1)!.links.find((l) => l.includes('/track/'));
  return { quote, job, email, estimateToken: token, trackerToken: trackerLink ? pathOf(trackerLink).split('/').pop()! : null };
}
