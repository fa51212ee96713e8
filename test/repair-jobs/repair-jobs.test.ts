/**
 * Repair jobs as the admin and the customer call them (docs/rest-contract.md "Repair jobs"):
 * opening a job from a quote request or for a walk-in and the tracker mail, the tracker by its
 * link (tampered, revoked, expired: 404), stages and their held e-mail, the promised date and its
 * reason, private notes, photos shared or not, the message box and its throttle, the stage list.
 */
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient, type MultipartFile } from '#test/support/client.ts';
import { makeJpeg } from '#test/support/factories.ts';
import { adminClient, clientAs, makeNoisyJpeg, storedFiles } from '#test/support/content.ts';
import { clearOutbox, mailsTo, pathOf } from '#test/support/mail.ts';
import { jobsOf, mailRows, makeRetriesDue } from '#test/support/jobs.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { repairStageMailJob } from '#server/jobs/definitions/repair-stage-mail.ts';
import { isQuietHour, outsideQuietHours, stageMailDueAt } from '#server/repair-jobs/stage-mail-timing.ts';
import { changePromisedDate } from '#server/repair-jobs/repair-jobs.service.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { daytimeZone } from '#test/support/daytime.ts';

let t: TestApp;
let admin: TestClient;
let outbox: string;
const SHOP_TELEPHONE = '01632 960123';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  // Quiet hours never stop a test's mail: the shop is where it is daytime now.
  const timeZone = daytimeZone();
  await updateShop(t.deps, { ...(await getShop(t.deps)), telephone: SHOP_TELEPHONE, timeZone }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  ({ client: admin } = await adminClient(t));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

let lastAddress = 0;
const nextAddress = () => {
  lastAddress += 1;
  return `10.8.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

const createQuote = (fields: { email?: string; user_id?: number | null } = {}) => insertQuoteRequest(t.deps.db, fields);

const walkIn = {
  customer_name: 'Sam Walker',
  customer_email: 'sam@example.com',
  customer_telephone: '07700 900456',
  vehicle: 'VW Golf 2020',
  registration: 'GF20 XYZ',
  agreed_work: 'Replace the front bumper and respray the bonnet.',
  promised_ready_on: '2026-12-10',
};

/** Opens a walk-in job and returns it with the tracker path from its mail. */
async function openJob(fields: Record<string, unknown> = walkIn) {
  const res = await admin.post('/api/repair-jobs', { json: fields });
  expect(res.status).toBe(201);
  const email = typeof fields.customer_email === 'string' ? fields.customer_email : 'jo@example.com';
  const mail = (await mailsTo(outbox, email)).at(-1)!;
  const link = mail.links.find((l) => l.includes('/track/'))!;
  return { job: res.body, mail, trackerPath: pathOf(link), token: pathOf(link).split('/').pop()! };
}

const stageId = async (name: string) =>
  (await t.deps.db.selectFrom('repair_stages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('opening a repair job', () => {
  it('from a quote request: prefilled from it, at the first stage, and the customer gets the private tracker link', async () => {
    const quote = await createQuote();
    const res = await admin.post('/api/repair-jobs', {
      json: { quote_request_id: quote.id, agreed_work: 'Door dent pulled, bumper resprayed.', promised_ready_on: '2026-12-05' },
    });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      reference: expect.stringMatching(/^R-\d{4}-[A-HJKMNP-Z2-9]{6}$/),
      quote_request_id: quote.id,
      booking_id: null,
      customer_name: 'Jo Customer',
      customer_email: 'jo@example.com',
      customer_telephone: '07700 900123',
      vehicle: 'Ford Focus 2018',
      registration: 'AB18 CDE',
      promised_ready_on: '2026-12-05',
      stage_id: await stageId('Booked in'),
      history: [{ stage_name: 'Booked in', reached_at: expect.any(String) }],
    });
    const [mail] = await mailsTo(outbox, 'jo@example.com');
    expect(mail!.subject).toContain('Ford Focus 2018');
    expect(mail!.text).toContain('5 December 2026');
    const link = mail!.links.find((l) => l.includes('/track/'))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/track\/[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored, and no mail row keeps the token.
    const token = link.split('/').pop()!;
    const row = await t.deps.db.selectFrom('repair_jobs').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.tracker_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tracker_token_hash).not.toContain(token);
    const mailRows = await t.deps.db.selectFrom('outgoing_mail').select('params').execute();
    expect(JSON.stringify(mailRows)).not.toContain(token);
  });

  it('for a walk-in: the customer and vehicle are required (422 per field), and an unknown quote request is a 422', async () => {
    const res = await admin.post('/api/repair-jobs', { json: { agreed_work: '', promised_ready_on: '31/12/2026' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      agreed_work: ['The agreed work field is required.'],
      promised_ready_on: ['The promised ready on field must be a date (YYYY-MM-DD).'],
    });
    const missing = await admin.post('/api/repair-jobs', { json: { agreed_work: 'Paint', promised_ready_on: '2026-12-01' } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['customer_name', 'customer_telephone', 'vehicle']);
    const badEmail = await admin.post('/api/repair-jobs', { json: { ...walkIn, customer_email: 'not-an-email' } });
    expect(badEmail.body.errors).toEqual({ customer_email: ['The customer email field must be a valid email address.'] });
    const unknown = await admin.post('/api/repair-jobs', {
      json: { quote_request_id: 999999, agreed_work: 'x', promised_ready_on: '2026-12-01' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ quote_request_id: ['The selected quote request id is invalid.'] });
    const bad = await admin.post('/api/repair-jobs', { json: { ...walkIn, promised_ready_on: '2026-02-30' } });
    expect(bad.status).toBe(422);
  });

  it('is the admin’s only: 401 without a session, 403 for a customer', async () => {
    const anon = new TestClient(t.app);
    await anon.csrf();
    expect((await anon.post('/api/repair-jobs', { json: walkIn })).status).toBe(401);
    const { client } = await clientAs(t);
    expect((await client.post('/api/repair-jobs', { json: walkIn })).status).toBe(403);
    expect((await client.get('/api/repair-jobs')).status).toBe(403);
  });
});

describe('the tracker by its link', () => {
  it('shows the stages with the time each was reached, the promised date and the shop’s telephone; no-store', async () => {
    const { trackerPath, token, job } = await openJob();
    const anon = new TestClient(t.app);
    const res = await anon.get(`/api/repair-tracker/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      id: job.id,
      reference: job.reference,
      vehicle: 'VW Golf 2020',
      promised_ready_on: '2026-12-10',
      shop_telephone: SHOP_TELEPHONE,
      photos: [],
      date_changes: [],
    });
    expect(res.body.stages.map((s: { name: string }) => s.name)).toEqual([
      'Booked in',
      'Assessed',
      'Awaiting insurer authority',
      'Awaiting parts',
      'Bodywork',
      'Paint',
      'Reassembly and checks',
      'Valet',
      'Ready for collection',
      'Collected',
    ]);
    expect(res.body.stages[0]).toEqual({ name: 'Booked in', reached_at: expect.any(String), current: true });
    expect(res.body.stages[1]).toEqual({ name: 'Assessed', reached_at: null, current: false });
    // Nothing of the admin's view: no customer e-mail, no notes.
    expect(res.body).not.toHaveProperty('notes');
    expect(res.body).not.toHaveProperty('customer_email');
    expect(trackerPath).toBe(`/track/${token}`);
  });

  it('answers 404 with no data for a tampered, unknown or malformed token', async () => {
    const { token } = await openJob();
    const anon = new TestClient(t.app);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [tampered, 'x'.repeat(43), 'short', `${token}x`]) {
      const res = await anon.get(`/api/repair-tracker/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(res.text).not.toContain('VW Golf');
    }
  });

  it('stops working when revoked, and 30 days after collection (REPAIR_TRACKER_DAYS_AFTER_COLLECTION)', async () => {
    const { token, job } = await openJob();
    const anon = new TestClient(t.app);
    expect((await anon.get(`/api/repair-tracker/${token}`)).status).toBe(200);
    const revoked = await admin.delete(`/api/repair-jobs/${job.id}/tracker`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.tracker_revoked_at).toEqual(expect.any(String));
    expect((await anon.get(`/api/repair-tracker/${token}`)).status).toBe(404);

    const second = await openJob();
    expect((await admin.post(`/api/repair-jobs/${second.job.id}/stage`, { json: { stage_id: await stageId('Collected') } })).status).toBe(
      200,
    );
    expect((await anon.get(`/api/repair-tracker/${second.token}`)).status).toBe(200);
    const day = 24 * 60 * 60 * 1000;
    await t.deps.db
      .updateTable('repair_jobs')
      .set({ collected_at: new Date(Date.now() - 29 * day) })
      .where('id', '=', second.job.id)
      .execute();
    expect((await anon.get(`/api/repair-tracker/${second.token}`)).status).toBe(200);
    await t.deps.db
      .updateTable('repair_jobs')
      .set({ collected_at: new Date(Date.now() - 31 * day) })
      .where('id', '=', second.job.id)
      .execute();
    expect((await anon.get(`/api/repair-tracker/${second.token}`)).status).toBe(404);
  });

  it('reads the setting: 30 days by default, whole days only', () => {
    const base = { DATA_DIR: t.dataDir, APP_KEY: `base64:${Buffer.alloc(32, 1).toString('base64')}` };
    expect(loadConfig(base).repairTrackerDaysAfterCollection).toBe(30);
    expect(loadConfig({ ...base, REPAIR_TRACKER_DAYS_AFTER_COLLECTION: '7' }).repairTrackerDaysAfterCollection).toBe(7);
    expect(() => loadConfig({ ...base, REPAIR_TRACKER_DAYS_AFTER_COLLECTION: 'a month' })).toThrow(/REPAIR_TRACKER_DAYS_AFTER_COLLECTION/);
    expect(loadConfig(base).repairStageMailHoldMinutes).toBe(10);
  });
});

describe('stages and their e-mail', () => {
  it('moves a job, keeps the history, and holds one mail for quick changes: the stage it is at when the mail goes', async () => {
    const { job, token } = await openJob({ ...walkIn, customer_email: 'quick@example.com' });
    await clearOutbox(outbox);
    const before = Date.now();
    for (const name of ['Assessed', 'Bodywork', 'Paint']) {
      const res = await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId(name) } });
      expect(res.status).toBe(200);
    }
    // Held: nothing sent yet, one job waiting for this repair job, due 10 minutes on.
    expect(await mailsTo(outbox, 'quick@example.com')).toEqual([]);
    const waiting = (await jobsOf(t.deps.db, repairStageMailJob.name)).filter(
      (j) => j.data.repairJobId === job.id && j.state === 'created',
    );
    expect(waiting).toHaveLength(1);
    const { rows } = await sql<{ start_after: Date }>`select start_after from pgboss.job where id = ${waiting[0]!.id}`.execute(t.deps.db);
    const due = new Date(rows[0]!.start_after).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(due).toBeLessThan(Date.now() + 10 * 60_000 + 1000);

    // The hold is over: one mail, naming the stage the job is at now.
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    const mails = await mailsTo(outbox, 'quick@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('"Paint"');
    expect(mails[0]!.links).toContain(`http://localhost:3000/track/${token}`);
    // Run again: nothing more to tell.
    await t.deps.jobs.drain();
    expect(await mailsTo(outbox, 'quick@example.com')).toHaveLength(1);

    const tracker = (await new TestClient(t.app).get(`/api/repair-tracker/${token}`)).body;
    const reached = tracker.stages.filter((s: { reached_at: string | null }) => s.reached_at).map((s: { name: string }) => s.name);
    expect(reached).toEqual(['Booked in', 'Assessed', 'Bodywork', 'Paint']);
    expect(tracker.stages.find((s: { current: boolean }) => s.current).name).toBe('Paint');
    const detail = (await admin.get(`/api/repair-jobs/${job.id}`)).body;
    expect(detail.history.map((h: { stage_name: string }) => h.stage_name)).toEqual(['Booked in', 'Assessed', 'Bodywork', 'Paint']);
  });

  it('a job moved back to the stage the customer was told about sends nothing', async () => {
    const { job } = await openJob({ ...walkIn, customer_email: 'back@example.com' });
    await clearOutbox(outbox);
    await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId('Assessed') } });
    await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId('Booked in') } });
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    expect(await mailsTo(outbox, 'back@example.com')).toEqual([]);
  });

  it('keeps quiet between 20:00 and 08:00 at the shop: a mail due then goes at 08:00, in the shop’s time zone', () => {
    const london = 'Europe/London';
    // 19:55 GMT + 10 minutes = 20:05: waits for 08:00 the next morning.
    expect(stageMailDueAt(new Date('2026-11-26T19:55:00Z'), 10, london).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    // 02:00 waits for 08:00 the same morning; in summer time 08:00 is 07:00 UTC.
    expect(stageMailDueAt(new Date('2026-07-01T01:00:00Z'), 10, london).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // In the day: just the hold.
    expect(stageMailDueAt(new Date('2026-11-26T10:00:00Z'), 10, london).toISOString()).toBe('2026-11-26T10:10:00.000Z');
    expect(isQuietHour(new Date('2026-11-26T07:59:00Z'), london)).toBe(true);
    expect(isQuietHour(new Date('2026-11-26T08:00:00Z'), london)).toBe(false);
    expect(isQuietHour(new Date('2026-11-26T20:00:00Z'), 'America/New_York')).toBe(false);
  });

  it('refuses an unknown stage (422) and an unknown job (404)', async () => {
    const { job } = await openJob();
    const res = await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: 999999 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ stage_id: ['The selected stage id is invalid.'] });
    expect((await admin.post('/api/repair-jobs/999999/stage', { json: { stage_id: await stageId('Paint') } })).status).toBe(404);
  });
});

describe('the promised date, notes and photos', () => {
  it('moves the promised date only with a reason, which the customer reads', async () => {
    const { job, token } = await openJob();
    const none = await admin.post(`/api/repair-jobs/${job.id}/promised-date`, { json: { promised_ready_on: '2026-12-14' } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ reason: ['The reason field is required.'] });
    const same = await admin.post(`/api/repair-jobs/${job.id}/promised-date`, { json: { promised_ready_on: '2026-12-10', reason: 'x' } });
    expect(same.status).toBe(422);
    const res = await admin.post(`/api/repair-jobs/${job.id}/promised-date`, {
      json: { promised_ready_on: '2026-12-14', reason: 'Parts delayed by the supplier' },
    });
    expect(res.status).toBe(200);
    const tracker = (await new TestClient(t.app).get(`/api/repair-tracker/${token}`)).body;
    expect(tracker.promised_ready_on).toBe('2026-12-14');
    expect(tracker.date_changes).toEqual([
      { old_date: '2026-12-10', new_date: '2026-12-14', reason: 'Parts delayed by the supplier', changed_at: expect.any(String) },
    ]);
  });

  it('mails the customer a moved promised date with its reason, and nothing for a refused or unchanged one', async () => {
    const { job } = await openJob({ ...walkIn, customer_email: 'moved@example.com' });
    await clearOutbox(outbox);
    const same = await admin.post(`/api/repair-jobs/${job.id}/promised-date`, { json: { promised_ready_on: '2026-12-10', reason: 'x' } });
    expect(same.status).toBe(422);
    expect(await mailsTo(outbox, 'moved@example.com')).toEqual([]);
    const res = await admin.post(`/api/repair-jobs/${job.id}/promised-date`, {
      json: { promised_ready_on: '2026-12-14', reason: 'Parts delayed by the supplier' },
    });
    expect(res.status).toBe(200);
    const mails = await mailsTo(outbox, 'moved@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('VW Golf 2020: a new ready date - ' + (await getShop(t.deps)).name);
    expect(mails[0]!.text).toContain('to be ready on 14 December 2026, instead of 10 December 2026');
    expect(mails[0]!.text).toContain('The reason: Parts delayed by the supplier');
    expect(mails[0]!.links.some((l) => l.includes('/track/'))).toBe(true);
  });

  it('sends no date mail for a job without an e-mail address', async () => {
    const { job } = await openJob({ ...walkIn, customer_email: 'gone@example.com' });
    // A job the shop opened for a caller who gave a telephone only.
    await t.deps.db.updateTable('repair_jobs').set({ customer_email: '' }).where('id', '=', job.id).execute();
    const before = (await mailRows(t.deps.db)).length;
    const moved = await admin.post(`/api/repair-jobs/${job.id}/promised-date`, {
      json: { promised_ready_on: '2026-12-15', reason: 'Parts delayed' },
    });
    expect(moved.status).toBe(200);
    expect((await mailRows(t.deps.db)).length).toBe(before);
  });

  it('holds a date mail made in the shop’s quiet hours until 08:00, and drops it when the date moved again', async () => {
    const { job } = await openJob({ ...walkIn, customer_email: 'night@example.com' });
    await clearOutbox(outbox);
    const { timeZone } = await getShop(t.deps);
    // A moment in the coming day that falls in the shop's quiet hours.
    let night = new Date();
    while (!isQuietHour(night, timeZone)) night = new Date(night.getTime() + 30 * 60_000);
    await changePromisedDate(t.deps, { id: job.id, promised_ready_on: '2026-12-16', reason: 'Waiting for a panel' }, night);
    await t.drainJobs();
    expect(await mailsTo(outbox, 'night@example.com')).toEqual([]);
    const held = (await mailRows(t.deps.db)).filter(
      (m) => m.recipient === 'night@example.com' && m.kind === 'repair-promised-date-changed',
    );
    expect(held).toHaveLength(1);
    const { rows } = await sql<{ start_after: Date }>`
      select start_after from pgboss.job where name = 'send-mail' and data->>'mailId' = ${held[0]!.id}`.execute(t.deps.db);
    expect(new Date(rows[0]!.start_after).getTime()).toBe(outsideQuietHours(night, timeZone).getTime());
    await makeRetriesDue(t.deps.db);
    await t.drainJobs();
    expect((await mailsTo(outbox, 'night@example.com')).map((m) => m.subject)).toEqual([expect.stringContaining('a new ready date')]);

    // Held, then moved again: the first mail is dropped when it comes due, the second tells the date that holds.
    await clearOutbox(outbox);
    await changePromisedDate(t.deps, { id: job.id, promised_ready_on: '2026-12-17', reason: 'Still waiting' }, night);
    await changePromisedDate(t.deps, { id: job.id, promised_ready_on: '2026-12-18', reason: 'Panel arrives Friday' }, night);
    await makeRetriesDue(t.deps.db);
    await t.drainJobs();
    const sent = await mailsTo(outbox, 'night@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Panel arrives Friday');
  });

  it('keeps staff notes private', async () => {
    const { job, token } = await openJob();
    const res = await admin.post(`/api/repair-jobs/${job.id}/notes`, { json: { body: 'Customer haggled hard; secret discount' } });
    expect(res.status).toBe(200);
    expect(res.body.notes).toEqual([
      {
        id: expect.any(Number),
        body: 'Customer haggled hard; secret discount',
        author: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    expect((await admin.post(`/api/repair-jobs/${job.id}/notes`, { json: { body: '' } })).status).toBe(422);
    const tracker = await new TestClient(t.app).get(`/api/repair-tracker/${token}`);
    expect(tracker.text).not.toContain('secret discount');
  });

  it('stores photos privately and stripped, shows the customer only the shared ones, through short-lived links', async () => {
    const { job, token } = await openJob();
    const filesBefore = await storedFiles(t);
    const photo: MultipartFile = { filename: 'door.jpg', contentType: 'image/jpeg', data: await makeNoisyJpeg(120, 80, { gps: true }) };
    const second: MultipartFile = { filename: 'wing.jpg', contentType: 'image/jpeg', data: await makeJpeg(60, 40) };
    const res = await admin.post(`/api/repair-jobs/${job.id}/photos`, { multipart: { photos: [photo, second] } });
    expect(res.status).toBe(201);
    expect(res.body.photos).toHaveLength(2);
    expect(res.body.photos.every((p: { shared: boolean }) => !p.shared)).toBe(true);
    const added = (await storedFiles(t)).filter((f) => !filesBefore.includes(f));
    expect(added).toHaveLength(4);
    expect(added.every((f) => f.startsWith('private/repairs/') && f.endsWith('.webp'))).toBe(true);
    const stored = await sharp(path.join(t.dataDir, 'files', added[0]!)).metadata();
    expect(stored.exif).toBeUndefined();

    const anon = new TestClient(t.app);
    expect((await anon.get(`/api/repair-tracker/${token}`)).body.photos).toEqual([]);
    // An unshared photo's link works for an admin only.
    const [first] = res.body.photos;
    expect((await anon.get(first.url)).status).toBe(404);
    expect((await admin.get(first.url)).status).toBe(200);

    const shared = await admin.patch(`/api/repair-jobs/${job.id}/photos/${first.id}`, { json: { shared: true } });
    expect(shared.status).toBe(200);
    const tracker = (await anon.get(`/api/repair-tracker/${token}`)).body;
    expect(tracker.photos).toHaveLength(1);
    expect(tracker.photos[0].url).toMatch(/^\/repair-photos\/\d+\/large\?expires=\d+&signature=[0-9a-f]{64}$/);
    const image = await anon.get(tracker.photos[0].url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=600');
    // Tampered: 403; another job's photo id through this job: 404.
    expect(
      (await anon.get(tracker.photos[0].url.replace(/signature=(.)/, (_: string, c: string) => `signature=${c === '0' ? '1' : '0'}`)))
        .status,
    ).toBe(403);
    const other = await openJob();
    expect((await admin.patch(`/api/repair-jobs/${other.job.id}/photos/${first.id}`, { json: { shared: false } })).status).toBe(404);
    // Switched off again: the link already handed out stops working for the customer.
    await admin.patch(`/api/repair-jobs/${job.id}/photos/${first.id}`, { json: { shared: false } });
    expect((await anon.get(tracker.photos[0].url)).status).toBe(404);
  });

  it('refuses a file that is not an image, and a seventh photo, keeping nothing', async () => {
    const { job } = await openJob();
    const filesBefore = await storedFiles(t);
    const fake: MultipartFile = { filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('not a picture') };
    const res = await admin.post(`/api/repair-jobs/${job.id}/photos`, { multipart: { photos: [fake] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.photos).toEqual(['Photo 1: The file must be an image (JPEG, PNG, WebP, GIF or AVIF).']);
    const jpeg: MultipartFile = { filename: 'a.jpg', contentType: 'image/jpeg', data: await makeJpeg(20, 20) };
    const seven = await admin.post(`/api/repair-jobs/${job.id}/photos`, { multipart: { photos: Array.from({ length: 7 }, () => jpeg) } });
    expect(seven.status).toBe(422);
    expect(await storedFiles(t)).toEqual(filesBefore);
    expect((await admin.post('/api/repair-jobs/999999/photos', { multipart: { photos: [jpeg] } })).status).toBe(404);
  });
});

describe('messages from the tracker', () => {
  it('land on the job in admin; 0 or over 2,000 characters is a 422; throttled per address', async () => {
    const { job, token } = await openJob();
    const anon = new TestClient(t.app);
    await anon.csrf();
    const address = nextAddress();
    const send = (message: string) =>
      anon.post(`/api/repair-tracker/${token}/messages`, { json: { message }, headers: { 'x-forwarded-for': address } });
    const ok = await send('Could you also look at the wing mirror?');
    expect(ok.status).toBe(201);
    expect(ok.body.messages).toEqual([
      { id: expect.any(Number), from: 'customer', body: 'Could you also look at the wing mirror?', created_at: expect.any(String) },
    ]);
    expect((await admin.get(`/api/repair-jobs/${job.id}`)).body.messages[0].body).toBe('Could you also look at the wing mirror?');

    const empty = await send('   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ message: ['The message field is required.'] });
    const long = await send('x'.repeat(2001));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ message: ['The message field must not be greater than 2000 characters.'] });
    expect((await send('y'.repeat(2000))).status).toBe(201);

    // A bad link is a 404 before anything is kept.
    const bad = await anon.post(`/api/repair-tracker/${'x'.repeat(43)}/messages`, { json: { message: 'hello' } });
    expect(bad.status).toBe(404);

    for (let i = 0; i < 8; i++) expect((await send(`note ${i}`)).status).toBe(201);
    const refused = await send('one too many');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the stage list', () => {
  it('renames, adds (before Collected), reorders and removes stages; refuses a stage in use and Collected', async () => {
    const list = (await admin.get('/api/repair-stages')).body.data as { id: number; name: string; is_collected: boolean }[];
    const added = await admin.post('/api/repair-stages', { json: { name: 'On site (boats and plant)' } });
    expect(added.status).toBe(201);
    const names = added.body.data.map((s: { name: string }) => s.name);
    expect(names.slice(-2)).toEqual(['On site (boats and plant)', 'Collected']);
    const onSite = added.body.data.find((s: { name: string }) => s.name.startsWith('On site'));

    const renamed = await admin.patch(`/api/repair-stages/${onSite.id}`, { json: { name: 'On site' } });
    expect(renamed.body.data.find((s: { id: number }) => s.id === onSite.id).name).toBe('On site');
    expect((await admin.patch(`/api/repair-stages/${onSite.id}`, { json: { name: '' } })).status).toBe(422);

    const ids = added.body.data.map((s: { id: number }) => s.id) as number[];
    const reordered = await admin.put('/api/repair-stages/order', { json: { ids: [onSite.id, ...ids.filter((i) => i !== onSite.id)] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data[0].name).toBe('On site');
    const partial = await admin.put('/api/repair-stages/order', { json: { ids: ids.slice(1) } });
    expect(partial.status).toBe(422);
    expect(partial.body.errors).toEqual({ ids: ['The order must name every stage once.'] });
    // Put back as it was.
    await admin.put('/api/repair-stages/order', { json: { ids } });

    const collected = list.find((s) => s.is_collected)!;
    const refuseCollected = await admin.delete(`/api/repair-stages/${collected.id}`);
    expect(refuseCollected.status).toBe(422);
    const inUse = await admin.delete(`/api/repair-stages/${list[0]!.id}`);
    expect(inUse.status).toBe(422);
    expect(inUse.body.errors).toEqual({ id: ['Jobs are at this stage: move them to another stage first.'] });
    const removed = await admin.delete(`/api/repair-stages/${onSite.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.map((s: { name: string }) => s.name)).toEqual(list.map((s) => s.name));
  });
});

describe('the tracker in the account', () => {
  it('lists the jobs of the signed-in customer (by account or verified e-mail), keeps collected ones, and refuses another’s job id', async () => {
    const { client, user } = await clientAs(t, { email: 'owner@example.com' });
    const quote = await createQuote({ email: 'other-address@example.com', user_id: user.id });
    const byAccount = await admin.post('/api/repair-jobs', {
      json: { quote_request_id: quote.id, agreed_work: 'Paint', promised_ready_on: '2026-12-01' },
    });
    const byEmail = await openJob({ ...walkIn, customer_email: 'Owner@Example.com' });
    const someoneElse = await openJob({ ...walkIn, customer_email: 'stranger@example.com' });
    // Collected and long past the link's 30 days: the account keeps it.
    await admin.post(`/api/repair-jobs/${byEmail.job.id}/stage`, { json: { stage_id: await stageId('Collected') } });
    await t.deps.db
      .updateTable('repair_jobs')
      .set({ collected_at: new Date(Date.now() - 90 * 24 * 60 * 60 * 1000) })
      .where('id', '=', byEmail.job.id)
      .execute();

    const mine = await client.get('/api/user/repairs');
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.body.data.map((j: { id: number }) => j.id).sort()).toEqual([byAccount.body.id, byEmail.job.id].sort());
    expect(mine.text).not.toContain('stranger@example.com');

    const sent = await client.post(`/api/user/repairs/${byEmail.job.id}/messages`, { json: { message: 'When can I collect?' } });
    expect(sent.status).toBe(201);
    expect((await client.post(`/api/user/repairs/${someoneElse.job.id}/messages`, { json: { message: 'hi' } })).status).toBe(404);
    expect((await client.post(`/api/user/repairs/${byEmail.job.id}/messages`, { json: { message: '' } })).status).toBe(422);

    // An unverified account with the same address sees nothing by e-mail.
    const { client: unverified } = await clientAs(t, { email: 'stranger2@example.com', verified: false });
    await openJob({ ...walkIn, customer_email: 'stranger2@example.com' });
    expect((await unverified.get('/api/user/repairs')).body.data).toEqual([]);
    expect((await new TestClient(t.app).get('/api/user/repairs')).status).toBe(401);
  });
});

describe('account export and deletion', () => {
  it('exports the customer’s repair jobs without the staff notes, and deletion anonymises them and ends the link', async () => {
    const { client, user } = await clientAs(t, { email: 'leaving@example.com' });
    const { job, token } = await openJob({ ...walkIn, customer_email: 'leaving@example.com' });
    await admin.post(`/api/repair-jobs/${job.id}/notes`, { json: { body: 'Staff only: paid cash' } });
    await admin.post(`/api/repair-jobs/${job.id}/promised-date`, {
      json: { promised_ready_on: '2026-12-12', reason: 'Paint booth booked' },
    });
    await client.post(`/api/user/repairs/${job.id}/messages`, { json: { message: 'Thanks!' } });

    const exported = await client.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.repairJobs).toEqual([
      expect.objectContaining({
        reference: job.reference,
        customer_email: 'leaving@example.com',
        vehicle: 'VW Golf 2020',
        current_stage: 'Booked in',
        date_changes: [expect.objectContaining({ reason: 'Paint booth booked' })],
        messages: [expect.objectContaining({ body: 'Thanks!' })],
      }),
    ]);
    expect(exported.text).not.toContain('paid cash');

    expect((await client.delete('/api/user', { json: { password: 'correct horse battery' } })).status).toBe(200);
    expect(user.id).toBeGreaterThan(0);
    const row = await t.deps.db.selectFrom('repair_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      customer_name: 'Deleted user',
      customer_email: '',
      customer_telephone: null,
      registration: null,
      user_id: null,
    });
    expect(row.anonymised_at).not.toBeNull();
    // The customer's messages went with the job's matter thread.
    expect(await t.deps.db.selectFrom('message_threads').selectAll().where('repair_job_id', '=', job.id).execute()).toEqual([]);
    expect((await admin.get(`/api/repair-jobs/${job.id}`)).body.messages).toEqual([]);
    // The workshop keeps its record; the link is gone.
    expect((await admin.get(`/api/repair-jobs/${job.id}`)).body.notes).toHaveLength(1);
    expect((await new TestClient(t.app).get(`/api/repair-tracker/${token}`)).status).toBe(404);
  });
});
