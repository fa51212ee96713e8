/**
 * The job queue on real servers. With PostgreSQL (TEST_DATABASE_URL): two copies on one
 * database run each scheduled job once per period (counted per minute), and a copy killed with
 * SIGKILL in the middle of sending a mail leaves it to the other copy, which sends it once. Always
 * on the embedded database: killed with SIGKILL while mails are queued, restarted, the mails go,
 * once each. Figures are printed. The cases run at once: each has its own servers, database and
 * mail server, and the cron case spends its minutes waiting for ticks.
 */
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor, startServer } from '../e2e/support/server.ts';
import { ApiClient } from '../e2e/support/api.ts';
import { duplicatesOf, switchableSmtp, waitFor, type SwitchableSmtp } from './support/mail-server.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres)
  console.log('jobs-copies.test.ts: the two-copies cases need TEST_DATABASE_URL (copies share one PostgreSQL database); skipped');

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
const smtps: SwitchableSmtp[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const smtp of smtps) await smtp.down();
});

let counter = 0;
const address = (tag: string) => `${tag}-${Date.now().toString(36)}-${++counter}@example.test`;

async function register(server: { baseUrl: string }, email: string): Promise<void> {
  const client = new ApiClient(server.baseUrl);
  await client.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
  await client.expect('POST', '/api/register', [201], {
    firstname: 'Cora',
    lastname: 'Copies',
    email,
    password: 'long-enough-1',
    password_confirmation: 'long-enough-1',
  });
}

async function query<T>(databaseName: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrlFor(databaseName) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!hasPostgres)('two copies on one PostgreSQL', () => {
  it('run each scheduled job once per period', { timeout: 400_000, concurrent: true }, async () => {
    const a = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate') });
    servers.push(a);
    const b = await startServer({ appRoot: inject('e2eAppRoot'), sharedDatabase: a.databaseName });
    servers.push(b);
    const database = a.databaseName!;
    // Every minute instead of every ten, for the count: the schedule is a row both copies read.
    await query(database, `update pgboss.schedule set cron = '* * * * *' where name in ('session-sweep', 'mail-requeue')`);
    const from = (await query<{ now: Date }>(database, 'select now()'))[0]!.now;
    await new Promise((resolve) => setTimeout(resolve, 200_000));
    // pg-boss turns each cron tick into one `__pgboss__send-it` job per schedule and minute (a
    // singleton per minute across copies), and that job queues the real one. Counted per tick, not
    // per minute of the real job's creation: a tick late in its minute (the first one, just after
    // the schedule was changed) has its job created a few seconds into the next minute, beside that
    // minute's own, which is still once per period.
    const ticks = await query<{ name: string; minute: string; sends: number }>(
      database,
      `select data->>'name' as name, to_char(singleton_on, 'HH24:MI') as minute, count(*)::int as sends
       from pgboss.job where name = '__pgboss__send-it' and data->>'name' in ('session-sweep', 'mail-requeue')
         and created_on > $1 group by 1, 2 order by 1, 2`,
      [from],
    );
    const jobs = await query<{ name: string; created: string; state: string }>(
      database,
      `select name, to_char(created_on, 'HH24:MI:SS') as created, state::text as state from pgboss.job
       where name in ('session-sweep', 'mail-requeue') and created_on > $1 order by created_on`,
      [from],
    );
    console.log(
      `two copies, cron ticks: ${ticks.map((r) => `${r.name} ${r.minute} ${r.sends}`).join('; ')}; jobs: ${jobs
        .map((r) => `${r.name} ${r.created} ${r.state}`)
        .join('; ')}`,
    );
    for (const name of ['session-sweep', 'mail-requeue']) {
      const perTick = ticks.filter((r) => r.name === name);
      const made = jobs.filter((r) => r.name === name);
      expect(perTick.length, `${name}: minutes with a tick`).toBeGreaterThanOrEqual(3);
      for (const tick of perTick) expect(tick.sends, `${name}: ticks at ${tick.minute}`).toBe(1);
      // Each tick made exactly one job (the last tick's may not be made yet when the count is taken).
      expect(made.length, `${name}: jobs for ${perTick.length} ticks`).toBeGreaterThanOrEqual(perTick.length - 1);
      expect(made.length, `${name}: jobs for ${perTick.length} ticks`).toBeLessThanOrEqual(perTick.length);
      // The last one may still be running when the count is taken.
      for (const job of made.slice(0, -1)) expect(job.state, `${name} created at ${job.created}`).toBe('completed');
    }
    await b.stop();
    await a.stop();
  });

  it(
    'a copy killed with SIGKILL mid-send leaves the mail to the other copy, which sends it once',
    { timeout: 400_000, concurrent: true },
    async () => {
      const smtp = await switchableSmtp({ holdFirst: true });
      smtps.push(smtp);
      const a = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate'), env: { SMTP_URL: smtp.url } });
      servers.push(a);
      const email = address('killed-mid-send');
      await register(a, email);
      // A is in the middle of the mail: the server has it and holds its answer.
      await waitFor('copy A sending the mail', () => smtp.held === 1, 30_000, 100);
      const b = await startServer({ appRoot: inject('e2eAppRoot'), sharedDatabase: a.databaseName, env: { SMTP_URL: smtp.url } });
      servers.push(b);
      const killedAt = Date.now();
      await a.kill();
      const tookMs = await waitFor('the mail sent by copy B', () => smtp.received.some((m) => m.to === email), 300_000, 1000);
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      const sent = smtp.received.filter((m) => m.to === email);
      const [row] = await query<{ status: string; attempts: number }>(
        a.databaseName!,
        'select status, attempts from outgoing_mail where recipient = $1',
        [email],
      );
      console.log(
        `SIGKILL mid-send: the mail went from the other copy ${((Date.now() - killedAt - 15_000) / 1000).toFixed(0)} s after the kill ` +
          `(waited ${(tookMs / 1000).toFixed(0)} s), received ${sent.length} time(s), row ${row?.status} after ${row?.attempts} recorded attempt(s)`,
      );
      expect(sent).toHaveLength(1);
      expect(row?.status).toBe('sent');
      await b.stop();
    },
  );
});

it(
  'the embedded database killed with SIGKILL with mails queued: after the restart they go, once each',
  { timeout: 400_000, concurrent: true },
  async () => {
    const smtp = await switchableSmtp();
    smtps.push(smtp);
    await smtp.down();
    let server = await startServer({
      appRoot: inject('e2eAppRoot'),
      template: inject('e2eTemplate'),
      embeddedDatabase: true,
      keepData: true,
      env: { SMTP_URL: smtp.url },
    });
    servers.push(server);
    const accounts = Array.from({ length: 6 }, () => address('embedded-kill'));
    for (const email of accounts) await register(server, email);
    // Their first tries fail against the refusing port; they wait for a retry.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await server.kill();
    await smtp.up();
    const restartedAt = Date.now();
    server = await startServer({ appRoot: inject('e2eAppRoot'), restartOf: server, embeddedDatabase: true, env: { SMTP_URL: smtp.url } });
    servers.push(server);
    const tookMs = await waitFor(
      'the queued mails after the restart',
      () => accounts.every((e) => smtp.received.some((m) => m.to === e)),
      240_000,
      1000,
    );
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const duplicates = duplicatesOf(smtp.received);
    console.log(
      `embedded SIGKILL with ${accounts.length} mails queued: all delivered ${(tookMs / 1000).toFixed(0)} s after the restart ` +
        `(${((Date.now() - restartedAt) / 1000).toFixed(0)} s incl. the wait for duplicates), ${smtp.received.length} received, duplicates: ${duplicates}`,
    );
    expect(smtp.received.map((m) => m.to).sort()).toEqual([...accounts].sort());
    expect(duplicates).toBe(0);
  },
);
