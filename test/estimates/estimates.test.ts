/**
 * Estimates end to end through the REST door (docs/rest-contract.md "Estimates"): the admin saves
 * a draft and sends it (a mail with the private link; the version frozen with its hash), the
 * customer reads it VAT-inclusive and accepts it with a typed name, a supplement keeps the earlier
 * version and shows what changed and needs its own acceptance, declining keeps the reason; bad
 * fields are 422s, a technician and a customer are refused, a link opens only its own estimate.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo, pathOf, readOutbox } from '#test/support/mail.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import type { AdminEstimate, CustomerEstimate } from '#shared/schemas/estimates.ts';

let t: TestApp;
let outbox: string;
let admin: TestClient;
let anon: TestClient;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
  await admin.csrf();
  anon = new TestClient(t.app);
  await anon.csrf();
  // A VAT-registered shop at £55 an hour.
  const res = await admin.put('/api/estimate-settings', {
    json: { labour_rate_pence: 5500, vat_number: 'GB 123 4567 89', validity_days: 30, terms: 'Parts ordered are non-returnable.' },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

const lines = [
  { kind: 'part', description: 'Rear bumper cover', quantity: 1, unit_price_pence: 18500, vat_rate_bp: 2000 },
  { kind: 'labour', description: 'Fit and align bumper', quantity: 250, unit_price_pence: 5500 },
  { kind: 'paint_materials', description: 'Paint and clear coat', quantity: 1, unit_price_pence: 8645, vat_rate_bp: 2000 },
  { kind: 'sundries', description: 'MOT certificate copy', quantity: 1, unit_price_pence: 1250, vat_rate_bp: 0 },
];

async function newRequest(email = `jo${++n}@example.com`) {
  return insertQuoteRequest(t.deps.db, { email });
}

/** Sends the estimate and answers the customer's link token from the mail. */
async function sendAndReadLink(quoteId: number, email: string): Promise<string> {
  const sent = await admin.post(`/api/quote-requests/${quoteId}/estimate/send`);
  expect(sent.status).toBe(201);
  const mails = await mailsTo(outbox, email);
  const link = mails.at(-1)!.links.find((l) => l.includes('/estimate/'))!;
  expect(link).toBeTruthy();
  return pathOf(link).split('/').at(-1)!;
}

describe('estimates', () => {
  it('saves a draft, sends it, and the customer reads it VAT-inclusive and accepts it', async () => {
    const quote = await newRequest();
    const draft = await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { notes: 'Includes disposal.', lines } });
    expect(draft.status).toBe(200);
    const body = draft.body as AdminEstimate;
    const version = body.estimate!.versions[0]!;
    expect(version.status).toBe('draft');
    expect(version.lines.map((l) => l.gross_pence)).toEqual([22200, 16500, 10374, 1250]);
    expect(version.totals).toMatchObject({ net_pence: 42145, vat_pence: 8179, gross_pence: 50324 });
    // Nothing is mailed before sending, and the link opens nothing yet.
    expect(await readOutbox(outbox)).toEqual([]);

    const token = await sendAndReadLink(quote.id, quote.email);
    const [mail] = await mailsTo(outbox, quote.email);
    expect(mail!.subject).toBe(
      `Your estimate ${quote.reference} - ${(await t.deps.db.selectFrom('shop').select('name').executeTakeFirstOrThrow()).name}`,
    );
    expect(mail!.text).toContain('£503.24 including VAT');
    expect(mail!.subject).not.toContain(token);

    const view = await anon.get(`/api/estimates/${token}`);
    expect(view.status).toBe(200);
    const estimate = view.body as CustomerEstimate;
    expect(estimate).toMatchObject({ reference: quote.reference, status: 'sent', can_answer: true, changes: null });
    expect(estimate.version.vat_registered).toBe(true);
    expect(estimate.version.vat_number).toBe('GB123456789');
    expect(estimate.version.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(estimate.version.totals.gross_pence).toBe(50324);
    expect(
      (await t.deps.db.selectFrom('quote_requests').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow()).status,
    ).toBe('quoted');

    await clearOutbox(outbox);
    const accepted = await anon.post(`/api/estimates/${token}/acceptance`, {
      json: {
        version_hash: estimate.version.content_hash,
        name: 'Jo Customer',
        signature: 'data:image/png;base64,iVBORw0KGgo=',
        start_within_cancellation: true,
      },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ status: 'accepted', can_answer: false });
    const row = await t.deps.db.selectFrom('estimate_versions').selectAll().where('id', '=', estimate.version.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'accepted',
      accepted_name: 'Jo Customer',
      start_within_cancellation: true,
      content_hash: estimate.version.content_hash,
    });
    expect(row.answered_at).toBeInstanceOf(Date);
    expect(row.accepted_signature).toBe('data:image/png;base64,iVBORw0KGgo=');
    const shopMail = (await readOutbox(outbox)).find((m) => m.subject.includes('accepted'));
    expect(shopMail!.text).toContain('asked us to start within the 14-day cancellation period');

    // Accepting twice is refused.
    const again = await anon.post(`/api/estimates/${token}/acceptance`, {
      json: { version_hash: estimate.version.content_hash, name: 'Jo', start_within_cancellation: false },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ version_hash: ['This estimate cannot be answered any more.'] });
  });

  it('a supplement keeps the earlier version, shows what changed and needs a new acceptance', async () => {
    const quote = await newRequest();
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
    const token = await sendAndReadLink(quote.id, quote.email);
    const first = (await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate;
    await anon.post(`/api/estimates/${token}/acceptance`, {
      json: { version_hash: first.version.content_hash, name: 'Jo Customer', start_within_cancellation: false },
    });

    // Hidden damage: a bracket added, labour up to 3.5 hours, the certificate copy dropped.
    const supplement = [
      lines[0],
      { ...lines[1], quantity: 350 },
      lines[2],
      { kind: 'part', description: 'Bumper bracket', quantity: 2, unit_price_pence: 1299, vat_rate_bp: 2000 },
    ];
    const saved = await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines: supplement } });
    expect((saved.body as AdminEstimate).estimate!.versions.map((v) => [v.number, v.status])).toEqual([
      [1, 'accepted'],
      [2, 'draft'],
    ]);
    // The customer still sees the accepted first version while the supplement is a draft.
    expect(((await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate).version.number).toBe(1);

    const token2 = await sendAndReadLink(quote.id, quote.email);
    expect(token2).toBe(token);
    const mail = (await mailsTo(outbox, quote.email)).at(-1)!;
    expect(mail.subject).toContain('Your updated estimate');
    const second = (await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate;
    expect(second).toMatchObject({ status: 'sent', can_answer: true });
    expect(second.version.number).toBe(2);
    expect(second.version.content_hash).not.toBe(first.version.content_hash);
    expect(second.changes!.previous_number).toBe(1);
    expect(second.changes!.added.map((l) => l.description)).toEqual(['Bumper bracket']);
    expect(second.changes!.removed.map((l) => l.description)).toEqual(['MOT certificate copy']);
    expect(second.changes!.changed.map((c) => [c.before.quantity, c.after.quantity])).toEqual([[250, 350]]);
    expect(second.changes!.previous_gross_pence).toBe(first.version.totals.gross_pence);

    const adminView = (await admin.get(`/api/quote-requests/${quote.id}/estimate`)).body as AdminEstimate;
    expect(adminView.estimate!.versions.map((v) => [v.number, v.status])).toEqual([
      [1, 'superseded'],
      [2, 'sent'],
    ]);
    // The earlier version is kept as it was accepted.
    expect(adminView.estimate!.versions[0]).toMatchObject({ accepted_name: 'Jo Customer', content_hash: first.version.content_hash });

    // Accepting with the old version's hash is refused: the customer must read the new one.
    const stale = await anon.post(`/api/estimates/${token}/acceptance`, {
      json: { version_hash: first.version.content_hash, name: 'Jo Customer', start_within_cancellation: false },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.errors).toEqual({ version_hash: ['The estimate has changed since you opened it: please read the new version.'] });
    const ok = await anon.post(`/api/estimates/${token}/acceptance`, {
      json: { version_hash: second.version.content_hash, name: 'Jo Customer', start_within_cancellation: 'false' },
    });
    expect(ok.status).toBe(201);
    expect((ok.body as CustomerEstimate).version.status).toBe('accepted');
  });

  it('declining keeps the reason and tells the shop', async () => {
    const quote = await newRequest();
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
    const token = await sendAndReadLink(quote.id, quote.email);
    const estimate = (await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate;
    await clearOutbox(outbox);
    const res = await anon.post(`/api/estimates/${token}/decline`, {
      json: { version_hash: estimate.version.content_hash, reason: 'Too dear.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'declined', can_answer: false });
    const mail = (await readOutbox(outbox)).find((m) => m.subject.includes('declined'));
    expect(mail!.text).toContain('Reason: Too dear.');
  });

  it('answers each bad field in one 422', async () => {
    const quote = await newRequest();
    const bad = await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, {
      json: { lines: [{ kind: 'bodge', description: '', quantity: 0, unit_price_pence: -1, vat_rate_bp: 20000 }] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'lines.0.description',
      'lines.0.kind',
      'lines.0.quantity',
      'lines.0.unit_price_pence',
      'lines.0.vat_rate_bp',
    ]);
    // Sending with no draft, then with an empty draft.
    const none = await admin.post(`/api/quote-requests/${quote.id}/estimate/send`);
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ lines: ['There is no draft to send: change the estimate first.'] });
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines: [] } });
    const empty = await admin.post(`/api/quote-requests/${quote.id}/estimate/send`);
    expect(empty.body.errors).toEqual({ lines: ['An estimate needs at least one line before it is sent.'] });

    const settings = await admin.put('/api/estimate-settings', { json: { labour_rate_pence: -1, vat_number: 'nope', validity_days: 0 } });
    expect(settings.status).toBe(422);
    expect(Object.keys(settings.body.errors).sort()).toEqual(['labour_rate_pence', 'validity_days', 'vat_number']);

    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
    const token = await sendAndReadLink(quote.id, quote.email);
    const estimate = (await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate;
    const accept = await anon.post(`/api/estimates/${token}/acceptance`, {
      json: { version_hash: estimate.version.content_hash, name: ' ', signature: 'data:text/html,<b>x</b>' },
    });
    expect(accept.status).toBe(422);
    expect(accept.body.errors).toEqual({
      name: ['The name field is required.'],
      signature: ['The signature must be a PNG image drawn on the page.'],
      start_within_cancellation: ['Please say whether we may start within the 14-day cancellation period.'],
    });
    const tooBig = await anon.post(`/api/estimates/${token}/acceptance`, {
      json: {
        version_hash: estimate.version.content_hash,
        name: 'Jo',
        signature: `data:image/png;base64,${'A'.repeat(90_000)}`,
        start_within_cancellation: true,
      },
    });
    expect(tooBig.body.errors).toEqual({ signature: ['The signature is too large.'] });
  });

  it('refuses a technician, a customer and a visitor the admin paths; a 404 for an unknown request', async () => {
    const quote = await newRequest();
    const { client: technician } = await clientAs(t, { staff_role: 'technician' });
    const { client: estimator } = await clientAs(t, { staff_role: 'estimator' });
    const { client: customer } = await clientAs(t);
    for (const c of [technician, estimator, customer]) await c.csrf();
    const paths = [
      ['GET', `/api/quote-requests/${quote.id}/estimate`],
      ['PUT', `/api/quote-requests/${quote.id}/estimate/draft`],
      ['POST', `/api/quote-requests/${quote.id}/estimate/send`],
      ['GET', '/api/estimate-settings'],
    ] as const;
    for (const [method, url] of paths) {
      const options = method === 'PUT' ? { json: { lines } } : {};
      expect((await technician.request(method, url, options)).status).toBe(403);
      expect((await customer.request(method, url, options)).status).toBe(403);
      expect((await anon.request(method, url, options)).status).toBe(401);
    }
    expect((await estimator.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } })).status).toBe(200);
    expect((await admin.get('/api/quote-requests/999999/estimate')).status).toBe(404);
    expect((await admin.put('/api/quote-requests/999999/estimate/draft', { json: { lines } })).status).toBe(404);
  });

  it('a link opens only its own estimate; a made-up or draft-only link is a 404', async () => {
    const a = await newRequest();
    const b = await newRequest();
    for (const q of [a, b]) await admin.put(`/api/quote-requests/${q.id}/estimate/draft`, { json: { lines } });
    const tokenA = await sendAndReadLink(a.id, a.email);
    const viewA = (await anon.get(`/api/estimates/${tokenA}`)).body as CustomerEstimate;
    expect(viewA.reference).toBe(a.reference);
    expect((await anon.get(`/api/estimates/${'x'.repeat(43)}`)).status).toBe(404);
    // B has a draft but was never sent: its row has no link hash, nothing opens it.
    const rowB = await t.deps.db.selectFrom('estimates').selectAll().where('quote_request_id', '=', b.id).executeTakeFirstOrThrow();
    expect(rowB.link_token_hash).toBeNull();
    const post = await anon.post(`/api/estimates/${'y'.repeat(43)}/acceptance`, {
      json: { version_hash: viewA.version.content_hash, name: 'Jo', start_within_cancellation: true },
    });
    expect(post.status).toBe(404);
  });

  it('a shop without a VAT number charges and shows no VAT', async () => {
    await admin.put('/api/estimate-settings', { json: { labour_rate_pence: 5000, vat_number: '', validity_days: 14, terms: '' } });
    try {
      const quote = await newRequest();
      await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
      const token = await sendAndReadLink(quote.id, quote.email);
      const view = (await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate;
      expect(view.version).toMatchObject({ vat_registered: false, vat_number: '' });
      expect(view.version.totals).toMatchObject({ vat_pence: 0, gross_pence: 42145 });
    } finally {
      await admin.put('/api/estimate-settings', {
        json: { labour_rate_pence: 5500, vat_number: 'GB123456789', validity_days: 30, terms: 'Parts ordered are non-returnable.' },
      });
    }
  });

  it("lists a customer's own sent estimates in the account, never another's", async () => {
    const { client: jo, user } = await clientAs(t);
    const { client: other } = await clientAs(t);
    const mine = await insertQuoteRequest(t.deps.db, { email: user.email, user_id: user.id });
    const drafted = await insertQuoteRequest(t.deps.db, { email: user.email, user_id: user.id });
    const someoneElses = await newRequest();
    for (const q of [mine, drafted, someoneElses]) await admin.put(`/api/quote-requests/${q.id}/estimate/draft`, { json: { lines } });
    const token = await sendAndReadLink(mine.id, mine.email);
    await sendAndReadLink(someoneElses.id, someoneElses.email);
    const res = await jo.get('/api/user/estimates');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { reference: mine.reference, vehicle: mine.vehicle, status: 'sent', updated_at: expect.any(String), path: `/estimate/${token}` },
    ]);
    expect((await other.get('/api/user/estimates')).body.data).toEqual([]);
    expect((await anon.get('/api/user/estimates')).status).toBe(401);
  });

  it('accepts without JavaScript: the native form post, 303 back to the page; a refusal is a 422', async () => {
    const quote = await newRequest();
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
    const token = await sendAndReadLink(quote.id, quote.email);
    const estimate = (await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate;
    const browser = new TestClient(t.app);
    const post = (form: Record<string, string>) =>
      browser.post('/forms/estimate-accept', {
        form,
        headers: { origin: t.config.appUrl, accept: 'text/html', 'x-forwarded-for': '10.92.0.1' },
      });
    const refused = await post({ token, version_hash: estimate.version.content_hash!, name: 'Jo Customer' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Please say whether we may start within the 14-day cancellation period.');
    const res = await post({
      token,
      version_hash: estimate.version.content_hash!,
      name: 'Jo Customer',
      start_within_cancellation: 'false',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/estimate/${token}`);
    const row = await t.deps.db.selectFrom('estimate_versions').selectAll().where('id', '=', estimate.version.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'accepted',
      accepted_name: 'Jo Customer',
      start_within_cancellation: false,
      accepted_signature: null,
    });
  });
});
