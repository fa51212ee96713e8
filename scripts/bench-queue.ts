/**
 * Job queue benchmark: the app with its workers on (as the site runs), on PGlite and on
 * PostgreSQL (a scratch database it creates and drops; BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres; skipped when none answers), mail over SMTP to
 * the real local listener of test/support/smtp.ts. It queues 500 bulk mails (new sign-in alerts),
 * then one sign-in code, and times until all 500 arrive and until the code arrives; then makes 6
 * scheduled content changes due at the same moment and times how late the last one finishes.
 *   npm run bench:queue
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '#server/config/load-config.ts';
import { buildApp } from '#server/app.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { ensureShop } from '#server/db/seed/seed.ts';
import { prepareStorage } from '#server/files/storage.ts';
import { insertUser } from '#server/users/users.repository.ts';
import { queueMails, type QueuedMail } from '#server/mail/outgoing-mail.ts';
import { saveDraft } from '#server/versions/drafts.service.ts';
import { scheduleChange } from '#server/versions/scheduled-changes.service.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { addDays, localMoment } from '#shared/calendar-date.ts';
import { startSmtpListener } from '#test/support/smtp.ts';
import { createWidget } from '#test/support/factories.ts';

const BULK = 500;
const CHANGES = 6;
const LIMIT_MS = 180_000;

interface Figures {
  engine: string;
  bulkMs: number | null;
  codeMs: number | null;
  codeAhead: number;
  changesLateMs: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds until `done` holds (looked at every 20 ms), or null after LIMIT_MS. */
async function timeUntil(from: number, done: () => boolean | Promise<boolean>): Promise<number | null> {
  while (!(await done())) {
    if (performance.now() - from > LIMIT_MS) return null;
    await sleep(20);
  }
  return performance.now() - from;
}

async function scratchPostgres(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const name = `bench_queue_${randomBytes(4).toString('hex')}`;
  try {
    await admin(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL at ${new URL(adminUrl).host} did not answer (${(error as Error).message}): skipped`);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return { handle, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function bench(engine: 'PGlite' | 'PostgreSQL'): Promise<Figures | null> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-bench-queue-'));
  const smtp = await startSmtpListener();
  let database: DatabaseHandle;
  let drop = async () => {};
  if (engine === 'PostgreSQL') {
    const scratch = await scratchPostgres();
    if (!scratch) return null;
    ({ handle: database, drop } = scratch);
  } else {
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SMTP_URL: smtp.url,
    PWNED_PASSWORDS_URL: '',
  });
  await prepareStorage(dataDir);
  await migrateToLatest(database.db);
  await ensureShop(database.db);
  const user = (email: string) =>
    insertUser(database.db, { firstname: 'Bench', lastname: 'Queue', email, password_hash: 'x', email_verified_at: new Date() });
  const bulkUser = await user('bulk@example.test');
  const codeUser = await user('code@example.test');
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const deps = app.deps;
  const recipient = (m: (typeof smtp.messages)[number]) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text.toLowerCase() ?? '';
  try {
    const alert = (): QueuedMail => ({
      kind: 'security-alert',
      to: 'bulk@example.test',
      params: {
        userId: bulkUser,
        facts: { event: 'new-sign-in', at: new Date().toISOString(), browser: 'Firefox', system: 'Linux', ipAddress: '203.0.113.7' },
      },
    });
    const started = performance.now();
    await queueMails(
      deps,
      Array.from({ length: BULK }, () => alert()),
    );
    const codeQueued = performance.now();
    await queueMails(deps, [
      { kind: 'login-code', to: 'code@example.test', params: { userId: codeUser, requestedAt: new Date().toISOString() } },
    ]);
    const codeMs = await timeUntil(codeQueued, () => smtp.messages.some((m) => recipient(m) === 'code@example.test'));
    const codeAt = smtp.messages.findIndex((m) => recipient(m) === 'code@example.test');
    const bulkMs = await timeUntil(started, () => smtp.messages.filter((m) => recipient(m) === 'bulk@example.test').length >= BULK);

    // Six changes scheduled for tomorrow, then all made due a few seconds from now (as the admin's
    // chosen minute would) with their held jobs.
    const { timeZone } = await readShop(deps);
    const tomorrow = addDays(localMoment(new Date(), timeZone).date, 1);
    const ids: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const widget = await createWidget(database.db, { name: `BenchNotice${i}`, html: '<p>Open as usual</p>' });
      await saveDraft(deps, { kind: 'widget', id: widget.id, html: `<p>Closed, notice ${i}</p>` }, null);
      const change = await scheduleChange(
        deps,
        { kind: 'widget', id: widget.id, action: 'publish-draft', date: tomorrow, time: '09:00' },
        {
          userId: null,
          ip: null,
        },
      );
      ids.push(change.id);
    }
    const dueInMs = 3000;
    await sql`update scheduled_changes set run_at = now() + ${dueInMs}::integer * interval '1 millisecond' where id in (${sql.join(ids)})`.execute(
      database.db,
    );
    await sql`update pgboss.job set start_after = now() + ${dueInMs}::integer * interval '1 millisecond'
      where id::text in (select job_id from scheduled_changes where id in (${sql.join(ids)}))`.execute(database.db);
    const due = performance.now() + dueInMs;
    const doneMs = await timeUntil(due - dueInMs, async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from scheduled_changes where id in (${sql.join(ids)}) and state = 'done'`.execute(database.db);
      const row = rows[0]!;
      return Number(row.n) === CHANGES;
    });
    return {
      engine,
      bulkMs,
      codeMs,
      codeAhead: codeAt < 0 ? BULK : smtp.messages.slice(0, codeAt).length,
      changesLateMs: doneMs === null ? null : Math.max(0, doneMs - dueInMs),
    };
  } finally {
    await app.close();
    await database.close();
    await drop();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const seconds = (ms: number | null) => (ms === null ? `> ${LIMIT_MS / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

async function main(): Promise<void> {
  const rows: Figures[] = [];
  for (const engine of ['PGlite', 'PostgreSQL'] as const) {
    const figures = await bench(engine);
    if (figures) rows.push(figures);
  }
  console.log(`\n${BULK} bulk mails, then 1 sign-in code, over SMTP; ${CHANGES} scheduled changes due at once`);
  console.log('| engine | 500 bulk mails arrived | sign-in code arrived | mails before the code | last scheduled change late by |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(`| ${r.engine} | ${seconds(r.bulkMs)} | ${seconds(r.codeMs)} | ${r.codeAhead} | ${seconds(r.changesLateMs)} |`);
  }
  console.log('Goals: 500 in under 60 s, the code within 5 s.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
