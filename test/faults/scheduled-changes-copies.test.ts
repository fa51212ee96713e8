/**
 * Scheduled content changes on real servers. With PostgreSQL (TEST_DATABASE_URL): two
 * copies on one database, a scheduled publish made due (its row and held job moved to now with SQL,
 * plus two extra jobs for the same change, as a retry or a lost job would make) runs exactly once:
 * one published version, one activity entry, both copies' public reads show it. A change whose time
 * comes while every copy is down runs when one starts again. Always on the embedded database: a
 * publish scheduled for a minute or two ahead, the server killed and restarted before then, runs.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor, startServer } from '../e2e/support/server.ts';
import { ApiClient } from '../e2e/support/api.ts';
import { waitFor } from './support/mail-server.ts';
import { localMoment } from '#shared/opening-status.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) console.log('scheduled-changes-copies.test.ts: the two-copies cases need TEST_DATABASE_URL; skipped');

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];

afterAll(async () => {
  // Reverse order: a copy that owns its database stops last and drops it.
  for (const server of [...servers].reverse()) await server.stop();
});

async function query<T>(databaseName: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrlFor(databaseName) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const NOTICE = '<p>Closed from 20 December to 2 January</p>';

/** Signs the admin in, makes a widget with a draft and schedules its publish at `date` `time`. */
async function scheduleNotice(server: Server, date: string, time: string) {
  const admin = new ApiClient(server.baseUrl);
  await admin.login(server.adminEmail, server.adminPassword);
  const name = `Scheduled${randomBytes(3).toString('hex')}`;
  const widget = await admin.expect('POST', '/api/widgets', [201], { name, type: 'TEXT' });
  await admin.expect('PUT', `/api/content-drafts/widget/${widget.body.id}`, [200], { html: NOTICE });
  const change = await admin.expect('POST', '/api/scheduled-changes', [201], {
    kind: 'widget',
    id: widget.body.id,
    action: 'publish-draft',
    date,
    time,
  });
  return { admin, name, widgetId: Number(widget.body.id), changeId: Number(change.body.id) };
}

async function publicHtml(baseUrl: string, name: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/api/widgets/${name}`);
  return res.status === 200 ? ((await res.json()) as { html: string }).html : undefined;
}

async function shopDay(baseUrl: string, days: number): Promise<string> {
  const shop = (await (await fetch(`${baseUrl}/api/shop`)).json()) as { timeZone: string };
  return localMoment(new Date(Date.now() + days * 86_400_000), shop.timeZone).date;
}

/** The change's time has come: its row and held job due now, and `extraJobs` more jobs for it. */
async function makeDue(database: string, changeId: number, extraJobs = 0): Promise<void> {
  await query(database, 'update scheduled_changes set run_at = now() where id = $1', [changeId]);
  await query(database, 'update pgboss.job set start_after = now() where id::text = (select job_id from scheduled_changes where id = $1)', [
    changeId,
  ]);
  for (let i = 0; i < extraJobs; i++) {
    await query(database, `insert into pgboss.job (name, data) values ('scheduled-content-change', $1)`, [
      JSON.stringify({ scheduledChangeId: changeId }),
    ]);
  }
}

describe.skipIf(!hasPostgres)('two copies on one PostgreSQL', () => {
  it('a scheduled publish fires once with two copies running', { timeout: 300_000 }, async () => {
    const a = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate') });
    servers.push(a);
    const b = await startServer({ appRoot: inject('e2eAppRoot'), sharedDatabase: a.databaseName });
    servers.push(b);
    const database = a.databaseName!;
    const { name, widgetId, changeId } = await scheduleNotice(a, await shopDay(a.baseUrl, 2), '09:00');
    const before = await query<{ count: number }>(
      database,
      `select count(*)::int as count from content_versions where item_kind = 'widget' and item_id = $1 and status = 'published'`,
      [widgetId],
    );

    const dueAt = Date.now();
    await makeDue(database, changeId, 2);
    await waitFor(
      'the scheduled publish',
      async () =>
        (await query<{ state: string }>(database, 'select state from scheduled_changes where id = $1', [changeId]))[0]?.state === 'done',
      120_000,
      250,
    );
    const ranAfterMs = Date.now() - dueAt;
    // Both copies' public reads follow (the copy that ran it tells the other).
    await waitFor('copy A shows the notice', async () => (await publicHtml(a.baseUrl, name)) === NOTICE, 10_000, 100);
    await waitFor('copy B shows the notice', async () => (await publicHtml(b.baseUrl, name)) === NOTICE, 10_000, 100);
    // Every job for it has had its turn: they all find the change claimed.
    await waitFor(
      'the three jobs completed',
      async () =>
        (
          await query<{ open: number }>(
            database,
            `select count(*)::int as open from pgboss.job where name = 'scheduled-content-change' and data->>'scheduledChangeId' = $1 and state <> 'completed'`,
            [String(changeId)],
          )
        )[0]!.open === 0,
      120_000,
      500,
    );
    const after = await query<{ count: number }>(
      database,
      `select count(*)::int as count from content_versions where item_kind = 'widget' and item_id = $1 and status = 'published'`,
      [widgetId],
    );
    const entries = await query<{ count: number }>(
      database,
      `select count(*)::int as count from activity_entries where kind = 'content-published' and item_id = $1`,
      [widgetId],
    );
    const [row] = await query<{ state: string; outcome: string }>(database, 'select state, outcome from scheduled_changes where id = $1', [
      changeId,
    ]);
    console.log(
      `two copies, three jobs for one scheduled publish: ran ${(ranAfterMs / 1000).toFixed(1)} s after it was due; ` +
        `published versions ${before[0]!.count} → ${after[0]!.count}, activity entries ${entries[0]!.count}, ${row?.state}: ${row?.outcome}`,
    );
    // The first publish also keeps the state from before history began: +1 (the draft) over that.
    expect(after[0]!.count - Math.max(before[0]!.count, 1)).toBe(1);
    expect(entries[0]!.count).toBe(1);
    expect(row?.state).toBe('done');
    expect(await publicHtml(a.baseUrl, name)).toBe(NOTICE);
    expect(await publicHtml(b.baseUrl, name)).toBe(NOTICE);
  });

  it('a change due while every copy was down runs when one starts again', { timeout: 300_000 }, async () => {
    let a = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate'), keepData: true });
    servers.push(a);
    const database = a.databaseName!;
    const { name, changeId } = await scheduleNotice(a, await shopDay(a.baseUrl, 1), '10:30');
    await a.stop();
    await makeDue(database, changeId);
    const restartedAt = Date.now();
    a = await startServer({ appRoot: inject('e2eAppRoot'), restartOf: a });
    servers.push(a);
    await waitFor('the publish after the restart', async () => (await publicHtml(a.baseUrl, name)) === NOTICE, 120_000, 250);
    console.log(`due while down: published ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart began`);
    const [row] = await query<{ state: string }>(database, 'select state from scheduled_changes where id = $1', [changeId]);
    expect(row?.state).toBe('done');
  });
});

it('the embedded site killed and restarted before the time still publishes then', { timeout: 400_000 }, async () => {
  let server = await startServer({
    appRoot: inject('e2eAppRoot'),
    template: inject('e2eTemplate'),
    embeddedDatabase: true,
    keepData: true,
  });
  servers.push(server);
  const shop = (await (await fetch(`${server.baseUrl}/api/shop`)).json()) as { timeZone: string };
  // The next-but-one minute on the shop's clock: 60 to 120 s ahead.
  const at = localMoment(new Date(Date.now() + 120_000), shop.timeZone);
  const time = `${String(Math.floor(at.minutes / 60)).padStart(2, '0')}:${String(at.minutes % 60).padStart(2, '0')}`;
  const { name, changeId } = await scheduleNotice(server, at.date, time);
  await server.kill();
  server = await startServer({ appRoot: inject('e2eAppRoot'), restartOf: server, embeddedDatabase: true });
  servers.push(server);
  expect(await publicHtml(server.baseUrl, name)).not.toBe(NOTICE);
  await waitFor('the publish at its time', async () => (await publicHtml(server.baseUrl, name)) === NOTICE, 240_000, 500);
  const ranAt = Date.now();
  const relogged = new ApiClient(server.baseUrl);
  await relogged.login(server.adminEmail, server.adminPassword);
  const listed = await relogged.expect('GET', '/api/scheduled-changes?kind=widget', [200]);
  const change = (listed.body.results as { id: number; state: string; run_at: string; outcome: string }[]).find((c) => c.id === changeId);
  console.log(`embedded, killed before the time: ran ${((ranAt - Date.parse(change!.run_at)) / 1000).toFixed(1)} s after it was due`);
  expect(change).toMatchObject({ state: 'done' });
  expect(ranAt).toBeGreaterThanOrEqual(Date.parse(change!.run_at));
});
