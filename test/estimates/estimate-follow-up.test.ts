/**
 * What an estimate does around it: every action in the activity log (settings changed, draft
 * saved, sent, supplement sent, accepted, declined); the shop told of an answer through its
 * notifications (the mail read from the local SMTP server; an event turned off mails nobody); a
 * declined estimate on "Needs you" until it is sent again, in the same statements however many;
 * the matter's thread says the estimate (and the supplement) was sent, without the private link;
 * the repair tracker links the estimate; the supplement's mail says what changed.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { clearOutbox, mailsTo, pathOf, readOutbox } from '#test/support/mail.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { getDashboard } from '#server/dashboard/dashboard.service.ts';
import type { CustomerEstimate } from '#shared/schemas/estimates.ts';
import type { ActivityKind } from '#shared/value-sets.ts';

let t: TestApp;
let outbox: string;
let admin: TestClient;
let anon: TestClient;
let n = 0;
const SHOP_INBOX = 'estimates-desk@example.com';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
  await admin.csrf();
  anon = new TestClient(t.app);
  await anon.csrf();
  const notifications = await admin.put('/api/admin/notifications', {
    json: { events: ['estimate-accepted', 'estimate-declined'], recipients: [SHOP_INBOX] },
  });
  expect(notifications.status).toBe(200);
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
];

async function newRequest() {
  return insertQuoteRequest(t.deps.db, { email: `follow${++n}@example.com` });
}

async function sendAndRead(quoteId: number, email: string): Promise<{ token: string; estimate: CustomerEstimate }> {
  expect((await admin.post(`/api/quote-requests/${quoteId}/estimate/send`)).status).toBe(201);
  const link = (await mailsTo(outbox, email)).at(-1)!.links.find((l) => l.includes('/estimate/'))!;
  const token = pathOf(link).split('/').at(-1)!;
  return { token, estimate: (await anon.get(`/api/estimates/${token}`)).body as CustomerEstimate };
}

async function activityOf(quoteId: number): Promise<{ kind: ActivityKind; details: string | null; actor_label: string }[]> {
  return t.deps.db
    .selectFrom('activity_entries')
    .select(['kind', 'details', 'actor_label'])
    .where('item_type', '=', 'quote')
    .where('item_id', '=', quoteId)
    .orderBy('id')
    .execute();
}

async function threadOf(quoteId: number): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('thread_messages as m')
    .innerJoin('message_threads as th', 'th.id', 'm.thread_id')
    .select(['m.body', 'm.author_side'])
    .where('th.matter_key', '=', `quote:${quoteId}`)
    .orderBy('m.id')
    .execute();
  expect(rows.every((r) => r.author_side === 'shop')).toBe(true);
  return rows.map((r) => r.body);
}

describe('an estimate around it', () => {
  it('logs changing the settings, with what changed, and answers them as saved', async () => {
    const res = await admin.put('/api/estimate-settings', {
      json: { labour_rate_pence: 5500, vat_number: 'GB123456789', validity_days: 21, terms: 'Payment on collection.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ labour_rate_pence: 5500, vat_registered: true, validity_days: 21 });
    expect((await admin.get('/api/estimate-settings')).body).toMatchObject({ validity_days: 21, terms: 'Payment on collection.' });
    const entry = await t.deps.db
      .selectFrom('activity_entries')
      .select(['kind', 'details', 'item_type'])
      .where('kind', '=', 'estimate-settings-changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.item_type).toBe('estimate-settings');
    expect(entry.details).toContain('validity days');
    const log = await admin.get('/api/activity');
    expect(JSON.stringify(log.body)).toContain('/admin/estimate-settings');
  });

  it('logs a draft saved, the estimate sent, a supplement sent and the acceptance; the thread and the mail say what changed', async () => {
    const quote = await newRequest();
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
    const first = await sendAndRead(quote.id, quote.email);
    // £222.00 + £165.00.
    expect(first.estimate.version.totals.gross_pence).toBe(38700);
    const [sentText] = await threadOf(quote.id);
    expect(sentText).toContain(`We have sent you estimate ${quote.reference}: £387.00 including VAT.`);
    expect(sentText).not.toContain(first.token);

    // Hidden damage: a bracket, and an hour more labour.
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, {
      json: {
        lines: [
          lines[0],
          { ...lines[1], quantity: 350 },
          { kind: 'part', description: 'Bumper bracket', quantity: 2, unit_price_pence: 1250, vat_rate_bp: 2000 },
        ],
      },
    });
    await clearOutbox(outbox);
    const second = await sendAndRead(quote.id, quote.email);
    expect(second.token).toBe(first.token);
    const [mail] = await mailsTo(outbox, quote.email);
    expect(mail!.subject).toContain('Your updated estimate');
    expect(mail!.text).toContain('it now comes to £483.00 including VAT, up by £96.00 on version 1 (£387.00)');
    expect(mail!.text).toContain('Added: Bumper bracket (£30.00)');
    expect(mail!.text).toContain('Changed: Fit and align bumper (£165.00 → £231.00)');
    expect(second.estimate.changes).toMatchObject({ previous_number: 1, previous_gross_pence: 38700, difference_pence: 9600 });
    expect(second.estimate.can_answer).toBe(true);
    const thread = await threadOf(quote.id);
    expect(thread).toHaveLength(2);
    expect(thread[1]).toContain('to version 2: £483.00 including VAT, up by £96.00 on version 1 (1 line added, 1 changed)');

    await clearOutbox(outbox);
    const accepted = await anon.post(`/api/estimates/${second.token}/acceptance`, {
      json: { version_hash: second.estimate.version.content_hash, name: 'Jo Customer', start_within_cancellation: true },
    });
    expect(accepted.status).toBe(201);
    const [told] = await mailsTo(outbox, SHOP_INBOX);
    expect(told!.subject).toBe(`Estimate accepted: ${quote.reference}`);
    expect(told!.text).toContain('Jo Customer accepted version 2 (£483.00). They asked us to start within the 14-day cancellation period.');
    expect(told!.text).toContain(`/admin/quotes/${quote.id}`);
    expect(told!.text).not.toContain(second.token);

    const log = await activityOf(quote.id);
    expect(log.map((e) => [e.kind, e.details])).toEqual([
      ['estimate-draft-saved', 'version 1, 2 lines'],
      ['estimate-sent', 'version 1'],
      ['estimate-draft-saved', 'version 2, 3 lines'],
      ['estimate-supplement-sent', 'version 2'],
      ['estimate-accepted', 'version 2'],
    ]);
    expect(log.at(-1)!.actor_label).toBe(`Customer (${quote.name})`);
  });

  it('a decline with its reason tells the shop and waits on Needs you until the estimate is sent again', async () => {
    const quote = await newRequest();
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
    const { token, estimate } = await sendAndRead(quote.id, quote.email);
    await clearOutbox(outbox);
    const declined = await anon.post(`/api/estimates/${token}/decline`, {
      json: { version_hash: estimate.version.content_hash, reason: 'Found it cheaper elsewhere.' },
    });
    expect(declined.status).toBe(201);
    const [told] = await mailsTo(outbox, SHOP_INBOX);
    expect(told!.subject).toBe(`Estimate declined: ${quote.reference}`);
    expect(told!.text).toContain('The customer declined version 1. Reason: Found it cheaper elsewhere.');
    expect((await activityOf(quote.id)).at(-1)!.kind).toBe('estimate-declined');

    const dashboard = (await admin.get('/api/admin/dashboard')).body;
    expect(dashboard.needs_you.declined_estimates.items).toContainEqual(
      expect.objectContaining({ id: quote.id, reference: quote.reference, reason: 'Found it cheaper elsewhere.' }),
    );
    const before = dashboard.needs_you.declined_estimates.count as number;
    expect(before).toBeGreaterThanOrEqual(1);

    // Followed up: a new version sent takes it off the list.
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines: [lines[0]] } });
    await sendAndRead(quote.id, quote.email);
    const after = (await admin.get('/api/admin/dashboard')).body.needs_you;
    expect(after.declined_estimates.count).toBe(before - 1);
    expect(after.declined_estimates.items.map((i: { id: number }) => i.id)).not.toContain(quote.id);
  });

  it('an answer whose event is turned off mails nobody, and is still logged', async () => {
    await admin.put('/api/admin/notifications', { json: { events: ['estimate-accepted'], recipients: [SHOP_INBOX] } });
    try {
      const quote = await newRequest();
      await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
      const { token, estimate } = await sendAndRead(quote.id, quote.email);
      await clearOutbox(outbox);
      const res = await anon.post(`/api/estimates/${token}/decline`, { json: { version_hash: estimate.version.content_hash } });
      expect(res.status).toBe(201);
      expect(await readOutbox(outbox)).toEqual([]);
      expect((await activityOf(quote.id)).at(-1)!.kind).toBe('estimate-declined');
    } finally {
      await admin.put('/api/admin/notifications', {
        json: { events: ['estimate-accepted', 'estimate-declined'], recipients: [SHOP_INBOX] },
      });
    }
  });

  it('counts and lists the declined estimates in the same statements however many there are', async () => {
    const declineOne = async () => {
      const quote = await newRequest();
      await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
      const { token, estimate } = await sendAndRead(quote.id, quote.email);
      await anon.post(`/api/estimates/${token}/decline`, { json: { version_hash: estimate.version.content_hash } });
    };
    const run = () => countStatements(t.deps.db, (db) => getDashboard({ db, publicContent: t.deps.publicContent }));
    await declineOne();
    const one = await run();
    for (let i = 0; i < 6; i++) await declineOne();
    const seven = await run();
    expect(seven.statements).toBe(one.statements);
    expect(seven.result.needs_you.declined_estimates.items).toHaveLength(5);
    expect(seven.result.needs_you.declined_estimates.count).toBeGreaterThanOrEqual(7);
  });

  it('the repair tracker links the estimate of the job’s quote (its link minted now), and nothing without one', async () => {
    const quote = await newRequest();
    const jobOf = async (json: Record<string, unknown>) => {
      const res = await admin.post('/api/repair-jobs', { json });
      expect(res.status).toBe(201);
      const link = (await mailsTo(outbox, String(res.body.customer_email))).at(-1)!.links.find((l) => l.includes('/track/'))!;
      return (await anon.get(`/api/repair-tracker/${pathOf(link).split('/').pop()}`)).body;
    };
    // Not sent yet: no link.
    await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { lines } });
    const before = await jobOf({ quote_request_id: quote.id, agreed_work: 'Bumper replaced.', promised_ready_on: '2026-12-20' });
    expect(before.estimate_path).toBeNull();

    const { token } = await sendAndRead(quote.id, quote.email);
    const trackers = (await mailsTo(outbox, quote.email)).flatMap((m) => m.links.filter((l) => l.includes('/track/')));
    const tracker = (await anon.get(`/api/repair-tracker/${pathOf(trackers.at(-1)!).split('/').pop()}`)).body;
    expect(tracker.estimate_path).toBe(`/estimate/${token}`);
    expect(tracker.messages.map((m: { body: string }) => m.body).join('\n')).toContain(`We have sent you estimate ${quote.reference}`);
    expect((await anon.get(`/api/estimates/${token}`)).status).toBe(200);
    // The token is never stored: only its hash.
    const row = await t.deps.db.selectFrom('estimates').selectAll().where('quote_request_id', '=', quote.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
  });
});
