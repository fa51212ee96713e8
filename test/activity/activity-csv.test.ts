// The activity CSV written by the database is, byte for byte, what the JS writer it replaced wrote
// (test/support/activity-csv-reference.ts), on both engines: formula cells (at the start and after
// another separator), quotes, commas, line breaks, unicode, nulls, unknown kinds and item types,
// times on both sides of the clock changes, ties on one microsecond across batch boundaries.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createUser } from '#test/support/factories.ts';
import { referenceActivityCsv } from '#test/support/activity-csv-reference.ts';
import { activityCsvChunks } from '#server/activity/activity-csv.ts';
import { ACTIVITY_KINDS } from '#shared/value-sets.ts';

const TEXTS = [
  'plain',
  'Shop admin',
  '=SUM(1+1)',
  '+44 7700 900000',
  '-5',
  '@admin',
  '\t=1',
  '\r=1',
  'Bob;=HYPERLINK("http://x")',
  'a,+1',
  'a|@SUM(A1)',
  'line\n-2+3',
  'x\t=1',
  ' =1',
  '"=1',
  "'=quoted",
  'a; "=1',
  '\uFF1D1+1',
  'x;\uFF0B1',
  'say "hi", ok',
  'comma, here',
  'new\nline',
  'cr\rhere',
  'crlf\r\nthen',
  'ünïcödé ✓ 😀',
  '日本語のテキスト',
  ' leading space',
  'trailing ',
  '',
  'Smith-Jones',
  '2026-12-03 note',
  'a\u00a0=b',
  ',\u3000=x',
  ';\ufeff+1',
  'x,\u2028-y',
  'zero\u200b=width',
  '"',
  '""',
  ',',
  "O'Brien",
  '=',
  '-',
  'multi =+-@ signs',
  '|=x',
  'emoji 😀,=x',
  '\n@start',
  ' \n =deep',
];
const KINDS = [...ACTIVITY_KINDS, 'legacy-kind', '=odd,"kind"'];
const ITEM_TYPES = [null, '', 'shop', 'gallery', 'widget', 'user', 'testimonial', 'backup', 'account', 'unknown', 'odd,"type"', '=formula'];
const IPS = [null, '192.0.2.1', '::1', '2001:db8::7', 'odd,"ip"'];
// Around the clock changes at the shop (Europe/London: 29 March and 25 October 2026, 01:00 UTC),
// midnight there and in UTC, a leap day, long ago.
const ANCHORS = [
  '2026-03-29T00:58:00Z',
  '2026-10-25T00:58:00Z',
  '2026-10-24T23:59:00Z',
  '2026-06-30T23:30:00Z',
  '2024-02-29T12:00:00Z',
  '2001-01-01T00:00:00Z',
];
const ROWS = 3000;

/** A small seeded generator: the same varied rows every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const people = [await createUser(t.deps.db), await createUser(t.deps.db)];
  const next = random(20261203);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const maybe = <T>(value: T): T | null => (next() < 0.25 ? null : value);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    // Ties: the last 300 rows share one microsecond, so a batch boundary falls among them.
    const at = i >= ROWS - 300 ? '2026-10-25T01:00:00.123456Z' : undefined;
    const anchor = Date.parse(pick(ANCHORS));
    const micros = Math.floor(next() * 4 * 3600 * 1e6);
    return {
      created_at:
        at ?? `${new Date(anchor + Math.floor(micros / 1000)).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`,
      actor_user_id: maybe(pick(people).id),
      actor_label: pick(TEXTS),
      ip_address: pick(IPS),
      kind: pick(KINDS),
      item_type: pick(ITEM_TYPES),
      item_id: maybe(Math.floor(next() * 100_000)),
      item_label: maybe(pick(TEXTS)),
      version_id: maybe(Math.floor(next() * 1000)),
      details: maybe(pick(TEXTS)),
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows.slice(start, start + 500).map(
      (r) =>
        sql`(cast(${r.created_at} as timestamptz), ${r.actor_user_id}::int, ${r.actor_label}, ${r.ip_address}, ${r.kind}, ${r.item_type},
          ${r.item_id}::int, ${r.item_label}, ${r.version_id}::int, ${r.details})`,
    );
    await sql`insert into activity_entries (created_at, actor_user_id, actor_label, ip_address, kind, item_type, item_id, item_label, version_id, details)
      values ${sql.join(values)}`.execute(t.deps.db);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function written(timeZone: string, batch?: number): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of activityCsvChunks(t.deps.db, {}, timeZone, batch === undefined ? {} : { batch })) chunks.push(chunk);
  return chunks;
}

describe('the activity CSV written by the database', () => {
  it('is the old writer’s bytes, in batches of the engine’s size', async () => {
    const expected = await referenceActivityCsv(t.deps.db, 'Europe/London');
    const chunks = await written('Europe/London');
    expect(chunks.join('')).toBe(expected);
    // Guarded, quoted and both sides of the autumn change are among them (the rows are what they claim to be).
    expect(expected).toContain(",'=SUM(1+1),");
    expect(expected).toContain('"Bob;\'=HYPERLINK(""http://x"")"');
    expect(expected).toContain('"25 October 2026, 01:59",2026-10-25T00:59');
    expect(expected).toContain('"25 October 2026, 01:00",2026-10-25T01:00');
    expect(expected.match(/^"\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}",\d{4}-/gm)).toHaveLength(ROWS);
  });

  it('is the same whatever the batch, across ties on one microsecond, in other time zones', async () => {
    for (const [timeZone, batch] of [
      ['Europe/London', 41],
      ['America/New_York', 250],
      ['Asia/Kolkata', 1000],
    ] as const) {
      const chunks = await written(timeZone, batch);
      expect(chunks.join('')).toBe(await referenceActivityCsv(t.deps.db, timeZone));
      expect(chunks).toHaveLength(1 + Math.ceil(ROWS / batch));
      expect(chunks.slice(1).every((chunk) => chunk.endsWith('\n'))).toBe(true);
    }
  });

  it('writes only the header for an empty range', async () => {
    const chunks: string[] = [];
    for await (const chunk of activityCsvChunks(t.deps.db, { since: new Date('2100-01-01T00:00:00Z') }, 'Europe/London'))
      chunks.push(chunk);
    expect(chunks).toEqual(['When,When (ISO 8601),Who,User id,Address,Kind,What,Item type,Item id,Version id,Details,Link\n']);
  });
});
