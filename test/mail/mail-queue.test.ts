/**
 * Every e-mail goes through the job queue (docs/decisions/durable-jobs-pg-boss.md): queued in the
 * transaction of its change, sent by the send-mail job, retried while the mail server is down or
 * hanging, sent once, failed and kept when the retries are used up, resent by an admin. The
 * answers do not wait for the mail server. Both engines (TEST_DATABASE_URL).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { callerFor, createUser } from '#test/support/factories.ts';
import { jobsOf, mailRows, makeRetriesDue } from '#test/support/jobs.ts';
import { freePort, startSilentSmtp, startSmtpListener, type SmtpListener } from '#test/support/smtp.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { deliverMail, describeMailError } from '#server/mail/mail-delivery.ts';
import { jobDefinitions } from '#server/jobs/definitions/index.ts';
import { scheduleOf } from '#server/jobs/job-definition.ts';
import { SEND_MAIL_RETRY, sendMailJob } from '#server/jobs/definitions/send-mail.ts';

const account = (email: string) => ({
  firstname: 'Quinn',
  lastname: 'Queue',
  email,
  password: 'long-enough-1',
  password_confirmation: 'long-enough-1',
});

const quote = {
  name: 'Jo Customer',
  email: 'jo-queue@example.com',
  telephone: '07700 900123',
  vehicle: 'Ford Focus 2018',
  registration: 'AB18 CDE',
  description: 'Dent in the rear passenger door after a car park knock.',
  preferred_contact: 'email',
  consent: '1',
};

const recipientsOf = (smtp: SmtpListener) =>
  smtp.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? '').map((a) => a.toLowerCase());

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('a mail queued in a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exists with its job when the transaction commits, and neither when it rolls back', async () => {
    const before = (await jobsOf(t.deps.db, sendMailJob.name)).length;
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await queueMail(t.deps, trx, { kind: 'verification', to: 'rolled-back@example.test', params: { userId: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await mailRows(t.deps.db)).filter((m) => m.recipient === 'rolled-back@example.test')).toEqual([]);
    expect(await jobsOf(t.deps.db, sendMailJob.name)).toHaveLength(before);

    const user = await createUser(t.deps.db, { email: 'committed@example.test', verified: false });
    const id = await t.deps.db
      .transaction()
      .execute((trx) => queueMail(t.deps, trx, { kind: 'verification', to: user.email, params: { userId: user.id } }));
    const jobs = await jobsOf(t.deps.db, sendMailJob.name);
    expect(jobs.filter((j) => j.data.mailId === id)).toMatchObject([{ state: 'created', retry_limit: SEND_MAIL_RETRY.limit }]);
    await t.deps.jobs.drain();
    expect((await mailRows(t.deps.db)).find((m) => m.id === id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a failed registration queues no mail (the account and its mail go together)', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    await createUser(t.deps.db, { email: 'taken@example.test' });
    const mailsBefore = (await mailRows(t.deps.db)).length;
    expect((await client.post('/api/register', { json: account('taken@example.test') })).status).toBe(422);
    expect(await mailRows(t.deps.db)).toHaveLength(mailsBefore);
  });

  it('declares every scheduled job with its schedule', async () => {
    const { rows } = await sql<{ name: string; cron: string; timezone: string }>`select name, cron, timezone from pgboss.schedule`.execute(
      t.deps.db,
    );
    const scheduled = jobDefinitions.filter((d) => scheduleOf(d, t.deps.config));
    expect(rows.map((r) => r.name).sort()).toEqual(scheduled.map((d) => d.name).sort());
    const backfill = rows.find((r) => r.name === 'medium-image-backfill')!;
    expect(backfill.timezone).toBe((await t.deps.db.selectFrom('shop').select('time_zone').executeTakeFirstOrThrow()).time_zone);
  });
});

describe('with the mail server down, then back', () => {
  let t: TestApp;
  let port: number;
  let smtp: SmtpListener | undefined;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${port}` }, { drainJobsPerRequest: false });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers as fast, keeps every mail queued, and delivers each once when the server is back', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [res, ms] = await timed(() => client.post('/api/register', { json: account(`down-${i}@example.test`) }));
      expect(res.status).toBe(201);
      times.push(ms);
      await client.post('/logout');
      await client.csrf();
    }
    const quoteRes = await client.post('/api/quote-requests', { multipart: quote });
    expect(quoteRes.status).toBe(201);
    const user = await createUser(t.deps.db, { email: 'down-reset@example.test' });
    expect((await client.post('/forgot-password', { json: { email: user.email } })).status).toBe(200);
    console.log(
      `registration with the mail server down (refusing): median ${median(times).toFixed(0)} ms of ${times.map((x) => x.toFixed(0)).join(', ')}`,
    );

    // The sender tries and fails: nothing lost, the error kept without the SMTP password.
    await t.deps.jobs.drain();
    const queued = await mailRows(t.deps.db);
    expect(queued.map((m) => m.kind).sort()).toEqual(
      ['password-reset', 'quote-request-confirmation', 'quote-request-shop', 'verification', 'verification', 'verification'].sort(),
    );
    for (const mail of queued) {
      expect(mail).toMatchObject({ status: 'queued', attempts: 1 });
      expect(mail.last_error).toMatch(/ECONNREFUSED/);
      expect(mail.last_error).not.toContain('s3cret-pass');
    }
    expect((await jobsOf(t.deps.db, sendMailJob.name)).every((j) => j.state === 'retry')).toBe(true);

    // The server comes back on the same address; the retries go out, each mail once.
    smtp = await startSmtpListener(port);
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    const to = recipientsOf(smtp);
    expect(to.sort()).toEqual(
      [
        'down-0@example.test',
        'down-1@example.test',
        'down-2@example.test',
        'down-reset@example.test',
        'jo-queue@example.com',
        'hello@harbourside-bodyshop.co.uk',
      ].sort(),
    );
    expect(new Set(to).size).toBe(to.length);
    expect((await mailRows(t.deps.db)).every((m) => m.status === 'sent' && m.attempts === 2)).toBe(true);
  });

  it('sends a mail once when its job runs twice', async () => {
    const user = await createUser(t.deps.db, { email: 'twice@example.test', verified: false });
    const id = await t.deps.db
      .transaction()
      .execute((trx) => queueMail(t.deps, trx, { kind: 'verification', to: user.email, params: { userId: user.id } }));
    expect(await deliverMail(t.deps, id, false)).toBe('sent');
    expect(await deliverMail(t.deps, id, false)).toBe('skipped');
    await t.deps.jobs.drain();
    expect(recipientsOf(smtp!).filter((a) => a === 'twice@example.test')).toHaveLength(1);
  });
});

describe('with a mail server that accepts and never answers', () => {
  let t: TestApp;
  let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
  let smtp: SmtpListener | undefined;
  let up: SmtpListener;
  let tUp: TestApp;
  beforeAll(async () => {
    silent = await startSilentSmtp();
    up = await startSmtpListener();
    t = await createTestApp(
      { SMTP_URL: `${silent.url}?greetingTimeout=1500&connectionTimeout=1500&socketTimeout=1500` },
      { drainJobsPerRequest: false },
    );
    tUp = await createTestApp({ SMTP_URL: up.url }, { drainJobsPerRequest: false });
  });
  afterAll(async () => {
    await t?.close();
    await tUp?.close();
    await silent?.close();
    await smtp?.close();
    await up?.close();
  });

  it('registers as fast as with a working server, and sends once the server answers', async () => {
    const timesHanging: number[] = [];
    const timesUp: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (const [app, times, tag] of [
        [t, timesHanging, 'hang'],
        [tUp, timesUp, 'up'],
      ] as const) {
        const client = new TestClient(app.app);
        await client.csrf();
        const [res, ms] = await timed(() => client.post('/api/register', { json: account(`${tag}-${i}@example.test`) }));
        expect(res.status).toBe(201);
        times.push(ms);
      }
    }
    console.log(
      `registration: mail server hanging median ${median(timesHanging).toFixed(0)} ms (${timesHanging.map((x) => x.toFixed(0)).join(', ')}); ` +
        `up median ${median(timesUp).toFixed(0)} ms (${timesUp.map((x) => x.toFixed(0)).join(', ')})`,
    );
    expect(median(timesHanging)).toBeLessThan(median(timesUp) + 500);
    expect(Math.max(...timesHanging)).toBeLessThan(3000);

    // The sender's try times out (1.5 s here; 10 s greeting by default), and the mail stays queued.
    await t.deps.jobs.drain();
    const hanging = await mailRows(t.deps.db);
    expect(hanging).toHaveLength(3);
    for (const mail of hanging) expect(mail).toMatchObject({ status: 'queued', attempts: 1 });

    // The server answers again (a real one on the same port): the mails go, once each.
    await silent.close();
    smtp = await startSmtpListener(silent.port);
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    expect(recipientsOf(smtp).sort()).toEqual(['hang-0@example.test', 'hang-1@example.test', 'hang-2@example.test']);
  });
});

describe('when the retries are used up', () => {
  let t: TestApp;
  let port: number;
  let smtp: SmtpListener | undefined;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('retries for more than 24 hours before it gives up', () => {
    // pg-boss waits delay × 2^n, up to twice that, before try n + 1.
    let least = 0;
    for (let n = 0; n < SEND_MAIL_RETRY.limit; n++) least += SEND_MAIL_RETRY.delaySeconds * 2 ** n;
    expect(least).toBeGreaterThan(24 * 60 * 60);
  });

  it('marks the mail failed, shows it to admins with the warning after 15 minutes, and resends it', async () => {
    const user = await createUser(t.deps.db, { email: 'given-up@example.test', verified: false });
    const caller = await callerFor(t, user.id);
    await caller.session.resendVerification({});
    await t.deps.jobs.drain();
    // The last try: the job says so and the mail is failed, not queued.
    await sql`update pgboss.job set retry_count = retry_limit where name = ${sendMailJob.name} and state = 'retry'`.execute(t.deps.db);
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    const admin = await createUser(t.deps.db, { role: 'admin' });
    const adminCaller = await callerFor(t, admin.id);
    const page = await adminCaller.outgoingMail.list({ status: 'failed' });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ to: 'given-up@example.test', status: 'failed', attempts: 2, kind: 'verification' });
    expect(page.data[0]!.lastError).toMatch(/ECONNREFUSED/);
    expect((await jobsOf(t.deps.db, sendMailJob.name)).at(-1)!.state).toBe('failed');

    let summary = await adminCaller.outgoingMail.summary({});
    expect(summary).toMatchObject({ counts: { failed: 1 }, warning: false });
    await t.deps.db
      .updateTable('outgoing_mail')
      .set({ first_failed_at: new Date(Date.now() - 16 * 60 * 1000) })
      .execute();
    summary = await adminCaller.outgoingMail.summary({});
    expect(summary.warning).toBe(true);

    smtp = await startSmtpListener(port);
    await adminCaller.outgoingMail.resend({ id: page.data[0]!.id });
    await t.deps.jobs.drain();
    expect(recipientsOf(smtp)).toEqual(['given-up@example.test']);
    expect((await adminCaller.outgoingMail.list({})).data[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect((await adminCaller.outgoingMail.summary({})).warning).toBe(false);
    // Only a failed mail can be sent again.
    await expect(adminCaller.outgoingMail.resend({ id: page.data[0]!.id })).rejects.toThrow();
  });

  it('describes an error without credentials', () => {
    expect(describeMailError(new Error('Invalid login at smtp://shop:hunter2@mail.example.test:587'))).toBe(
      'Invalid login at smtp://mail.example.test:587',
    );
  });
});
