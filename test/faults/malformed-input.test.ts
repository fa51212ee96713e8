/**
 * The malformed-input sweep: every path of the running server's /api/openapi.json and every tRPC
 * procedure of the router (src/server/router.ts), each sent at least 25 kinds of bad input, as an
 * anonymous visitor (with a session and its XSRF token, so the request gets past the CSRF check) and
 * as the seeded admin. A new path or procedure is swept without editing this file.
 *
 * Proves: no answer is a 500 (or any 5xx), no body carries a stack, SQL, a file path or a secret, and
 * no table's rows changed (a fingerprint of every table before and after, but for what requests
 * change by design: `sessions`, whose rows every request with a cookie touches; `rate_limits`, which
 * counts refused attempts too; `webauthn_challenges`, which a passkey sign-in's start writes for
 * anyone; the known device and security e-mail of the sweep's own admin sign-in; the activity log's throttled
 * sign-ins and data exports; the public content's version in `app_state`, which an accepted
 * inputless write bumps as it rebuilds the snapshot, and the first-run checklist's dismissal there,
 * which the admin's inputless POST to it performs). The requests go out a few at a time, bounded in total.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appRouter } from '#server/router.ts';
import { openDatabase } from '#server/db/database.ts';
import type { Database } from '#server/db/types.ts';
import { ApiClient } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { adminQuery } from '../support/database.ts';
import { MISSING_ID, fieldsOfJsonSchema, type OpenApiOperation, type Probe } from './support/sweep-probe.ts';
import { farDateProbes, fieldsNamed, nestedDateProbes } from './support/far-date-probes.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

interface Identity {
  name: 'anonymous' | 'admin';
  cookie: string;
  xsrf: string;
}

// ---------------------------------------------------------------------------------------------
// The kinds of bad value. Each is put in every field of a body or query in turn with the rest
// left out, and as the whole body.

const LONG = 'x'.repeat(100_000);
/** Values no field accepts: sent in every place, writes included. */
const MALFORMED_KINDS: [string, unknown][] = [
  ['nul byte', 'a\u0000b'],
  ['unpaired high surrogate', 'a\ud800b'],
  ['unpaired low surrogate', '\udc00'],
  ['very long string', LONG],
  ['number for a string', 12345],
  ['boolean', true],
  ['null', null],
  ['array for a scalar', ['a', 'b']],
  ['object for a scalar', { a: 1 }],
  ['negative number', -1],
  ['huge number', 1e308],
  ['unsafe integer', 2 ** 64],
  ['fraction', 1.5],
  ['empty string', ''],
];
/** Hostile but well-formed text a name may legitimately hold: sent in reads (queries, tRPC queries) only. */
const HOSTILE_TEXT_KINDS: [string, unknown][] = [
  ['path traversal', '../../../../etc/passwd'],
  ['script', '<script>alert(1)</script>'],
  ['sql', "' OR 1=1; DROP TABLE users; --"],
  ['numeric string overflow', '99999999999999999999999'],
];
const VALUE_KINDS = [...MALFORMED_KINDS, ...HOSTILE_TEXT_KINDS];

/** Path parameter values, already percent-encoded. */
const PARAM_KINDS: [string, string][] = [
  ['param nul', 'a%00b'],
  ['param bad escape', '%E0%A4%A'],
  ['param lone surrogate (cesu-8)', '%ED%A0%80'],
  ['param percent', '%'],
  ['param traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['param negative', '-1'],
  ['param huge', '99999999999999999999999999'],
  ['param float', '1e309'],
  ['param hex', '0x10'],
  ['param long', 'a'.repeat(4000)],
];

const BOUNDARY = 'SweepBoundary';
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Whole-request kinds: bodies, content types, headers. */
function requestKinds(fields: string[]): { kind: string; headers?: Record<string, string>; body?: string | Buffer; mayReset?: boolean }[] {
  const json = { 'content-type': 'application/json' };
  const first = fields[0] ?? 'name';
  return [
    { kind: 'bad json', headers: json, body: '{"a":' },
    { kind: 'empty json body', headers: json, body: '' },
    { kind: 'json array', headers: json, body: '[1,2,3]' },
    { kind: 'json string', headers: json, body: '"x"' },
    { kind: 'json null', headers: json, body: 'null' },
    { kind: 'json __proto__', headers: json, body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}' },
    { kind: 'json deep nesting', headers: json, body: `${'['.repeat(3000)}${']'.repeat(3000)}` },
    { kind: 'invalid utf-8', headers: json, body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    { kind: 'json charset utf-7', headers: { 'content-type': 'application/json; charset=utf-7' }, body: '{}' },
    { kind: 'huge body', headers: json, body: Buffer.alloc(3 * 1024 * 1024, 0x20), mayReset: true },
    { kind: 'text/plain', headers: { 'content-type': 'text/plain' }, body: 'hello' },
    { kind: 'xml', headers: { 'content-type': 'application/xml' }, body: '<a>1</a>' },
    { kind: 'urlencoded nul', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${first}=a%00b` },
    { kind: 'urlencoded bad escapes', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=%&%=1&y=%E0%A4%A' },
    { kind: 'multipart no boundary', headers: { 'content-type': 'multipart/form-data' }, body: part(first, 'x') },
    {
      kind: 'multipart truncated',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: part(first, 'x').slice(0, 40),
    },
    {
      kind: 'multipart __proto__',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${part('__proto__', 'x')}${part('constructor', 'y')}--${BOUNDARY}--\r\n`,
    },
    {
      kind: 'multipart unexpected file',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="zzz"; filename="../../x.hta"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    },
    {
      kind: 'multipart many fields',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${Array.from({ length: 80 }, (_, i) => part(`f${i}`, 'x')).join('')}--${BOUNDARY}--\r\n`,
    },
    {
      kind: 'multipart nul field',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${fields.map((f) => part(f, 'a\u0000b')).join('')}--${BOUNDARY}--\r\n`,
    },
    { kind: 'xsrf header %', headers: { ...json, 'x-xsrf-token': '%' }, body: '{}' },
  ];
}

// ---------------------------------------------------------------------------------------------

function restProbes(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Probe[] {
  const probes: Probe[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [methodLower, operation] of Object.entries(operations)) {
      const method = methodLower.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const content = operation.requestBody?.content ?? {};
      const bodyFields = [...new Set(Object.values(content).flatMap((c) => fieldsOfJsonSchema(c.schema)))];
      // While something else is bad, the path names a row that does not exist: a write that got
      // past every check would still change nothing (a 404), and the sweep would say so.
      const fill = (value = MISSING_ID) => template.replace(/\{[^}]+\}/g, value);

      for (const [kind, encoded] of PARAM_KINDS) {
        if (pathParams.length) probes.push({ method, url: fill(encoded), kind });
      }
      // The wrong method on the path.
      probes.push({ method: method === 'GET' ? 'PUT' : 'GET', url: fill(), kind: 'wrong method' });
      probes.push({ method: 'OPTIONS', url: fill(), kind: 'options' });

      if (method === 'GET' || method === 'DELETE') {
        const names = queryParams.length ? queryParams : ['q'];
        for (const [kind, value] of VALUE_KINDS) {
          for (const name of names) {
            const query = new URLSearchParams();
            if (Array.isArray(value)) value.forEach((v) => query.append(name, String(v)));
            else if (value !== null && typeof value === 'object') query.append(`${name}[a]`, '1');
            else query.append(name, String(value));
            probes.push({ method, url: `${fill()}?${query.toString()}`, kind: `query ${kind}` });
          }
        }
        probes.push({ method, url: `${fill()}?%=1&a=%E0%A4%A`, kind: 'query bad escapes' });
        probes.push({ method, url: fill(), headers: { 'content-type': 'application/json' }, body: '{"a":', kind: 'body on a read' });
        continue;
      }
      const inputless = !pathParams.length && !queryParams.length && !bodyFields.length;
      const fields = bodyFields.length ? bodyFields : ['name'];
      for (const [kind, value] of MALFORMED_KINDS) {
        for (const field of fields) {
          probes.push({
            method,
            url: fill(),
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ [field]: value }),
            kind: `field ${kind}`,
          });
        }
        probes.push({
          method,
          url: fill(),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))),
          kind: `all fields ${kind}`,
        });
      }
      for (const request of requestKinds(fields)) probes.push({ method, url: fill(), ...request });
      for (const probe of probes) if (probe.url.split('?')[0] === fill() && inputless) probe.inputless = true;
    }
  }
  return probes;
}

function trpcProbes(): Probe[] {
  const probes: Probe[] = [];
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] } }
  >;
  for (const [name, procedure] of Object.entries(procedures)) {
    const { type, inputs } = procedure._def;
    if (type === 'subscription') continue;
    // An optional input (`z.object({}).optional()`) is read through to the object it wraps.
    const input = inputs[0] as
      { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: { shape?: Record<string, unknown> } } } } | undefined;
    const shape = input?.shape ?? input?._zod?.def?.innerType?.shape;
    const inputless = inputs.length === 0 || (shape !== undefined && Object.keys(shape).length === 0);
    const fields = shape && Object.keys(shape).length ? Object.keys(shape) : ['input'];
    const first = probes.length;
    const inputs_: [string, unknown][] = [];
    for (const [kind, value] of type === 'query' ? VALUE_KINDS : MALFORMED_KINDS) {
      inputs_.push([`whole input ${kind}`, value]);
      inputs_.push([`fields ${kind}`, Object.fromEntries(fields.map((f) => [f, value]))]);
    }
    const url = `/trpc/${name}`;
    for (const [kind, input] of inputs_) {
      const encoded = JSON.stringify(input) ?? 'null';
      if (type === 'query') probes.push({ method: 'GET', url: `${url}?input=${encodeURIComponent(encoded)}`, kind: `trpc ${kind}` });
      else probes.push({ method: 'POST', url, headers: { 'content-type': 'application/json' }, body: encoded, kind: `trpc ${kind}` });
    }
    // The wrong method, broken input, a broken batch, odd content types.
    probes.push({
      method: type === 'query' ? 'POST' : 'GET',
      url: `${url}?input=%7B%7D`,
      headers: { 'content-type': 'application/json' },
      body: type === 'query' ? '{}' : undefined,
      kind: 'trpc wrong method',
    });
    probes.push({ method: 'GET', url: `${url}?input=%7B`, kind: 'trpc bad json input' });
    probes.push({ method: 'GET', url: `${url}?input=%E0%A4%A`, kind: 'trpc bad escape input' });
    probes.push({ method: 'GET', url: `${url}?batch=1&input=${encodeURIComponent('{"0":[1],"5":"x"}')}`, kind: 'trpc odd batch' });
    probes.push({
      method: 'POST',
      url: `${url}?batch=1`,
      headers: { 'content-type': 'application/json' },
      body: '[1,2',
      kind: 'trpc broken batch body',
    });
    probes.push({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, body: '{}', kind: 'trpc text/plain' });
    probes.push({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(3 * 1024 * 1024, 0x20),
      kind: 'trpc huge body',
      mayReset: true,
    });
    probes.push({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: part('__proto__', 'x'),
      kind: 'trpc multipart',
    });
    if (inputless) for (const probe of probes.slice(first)) probe.inputless = true;
  }
  probes.push({ method: 'GET', url: '/trpc/no.such.procedure', kind: 'trpc unknown procedure' });
  probes.push({ method: 'GET', url: `/trpc/${'a,'.repeat(2000)}a?batch=1`, kind: 'trpc long batch' });
  return probes;
}

/** Static files and anything outside the documented paths. */
function otherProbes(): Probe[] {
  return [
    '/media/../x',
    '/media/..%2f..%2fetc%2fpasswd',
    '/media/%2e%2e/%2e%2e/x',
    '/media/a%00b',
    '/media/%',
    '/%2e%2e/package.json',
    '/assets/..%5c..%5cx',
    '/api/%00',
    '/cv-downloads/%00?expires=x&by=%&signature=%00',
  ].map((url) => ({ method: 'GET', url, kind: 'static' }));
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------

const LEAK =
  /\bat [\w.<>]+ \(|\.(?:ts|js|mjs):\d+|node_modules|\/(?:work|tmp|home|srv|usr)\/|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate \w+ set\b|syntax error|\bstack\b|FST_|ERR_[A-Z]|PGlite|postgres|SQLSTATE|sqlState/i;

/**
 * The admin's System screen reports the database engine and where the backups are on purpose
 * (system.status); what it answers is checked by its own tests, and every error it gives by LEAK.
 */
const REPORTS_INTERNALS = /^\/trpc\/system\.status\b/;

function leaks(probe: Probe, text: string): boolean {
  return LEAK.test(text) && !(REPORTS_INTERNALS.test(probe.url) && /^\[?\{"result"/.test(text));
}

/** One request with node:http, so the path goes out exactly as written (fetch would normalise `..`) and a GET may carry a body. */
function send(baseUrl: string, probe: Probe, identity: Identity): Promise<{ status: number; text: string } | 'reset'> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: identity.cookie };
  if (probe.method !== 'GET' && probe.method !== 'HEAD') headers['x-xsrf-token'] = identity.xsrf;
  Object.assign(headers, probe.headers);
  if (probe.body !== undefined) headers['content-length'] = String(Buffer.byteLength(probe.body));
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname, port, path: probe.url, method: probe.method, headers, timeout: 30_000, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', fail);
      },
    );
    function fail(error: Error) {
      if (probe.mayReset) resolve('reset');
      else reject(new Error(`${probe.method} ${probe.url.slice(0, 120)} (${probe.kind}) as ${identity.name}: ${String(error)}`));
    }
    request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', fail);
    request.end(probe.body);
  });
}

async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(
    db,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    // What any visitor's request may write: a session, a throttle's count, a passkey sign-in's
    // challenge; and what the sweep's own admin sign-in writes: its browser as a known device, and
    // the security e-mail about that new device (with its "this wasn't me" token once sent).
    if (['sessions', 'rate_limits', 'webauthn_challenges', 'known_devices', 'security_alert_tokens'].includes(name)) continue;
    // In app_state: the public content's version (an accepted inputless write bumps it) and the
    // first-run checklist's dismissal (POST /api/shop/checklist/dismiss takes no input, so the
    // admin's sweep of it is a real dismissal, as signing out is a real sign-out).
    const except =
      name === 'app_state'
        ? sql`where t.key not in ('public_content_version', 'first_run_checklist_dismissed_at')`
        : name === 'outgoing_mail'
          ? sql`where t.kind <> 'security-alert'`
          : name === 'activity_entries'
            ? // The activity log: a sign-in the throttle refuses is logged for anyone (one
              // row per e-mail or address and window), and the admin's data export (a GET whose
              // ignored extra fields still download) is logged as an export.
              sql`where t.kind not in ('sign-in-throttled', 'data-exported')`
            : sql``;
    const row = await sql<{
      n: number;
      sum: string;
    }>`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${sql.table(name)} t ${except}`.execute(
      db,
    );
    out[name] = `${row.rows[0]!.n}:${row.rows[0]!.sum}`;
  }
  return out;
}

async function withDatabase<T>(server: Server, dataDir: string, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  let handle;
  if (server.databaseName) {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${server.databaseName}`;
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  } else {
    handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  }
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

async function signIn(baseUrl: string, admin?: { email: string; password: string }): Promise<Identity> {
  const client = new ApiClient(baseUrl);
  if (admin) await client.login(admin.email, admin.password);
  else await client.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
  return {
    name: admin ? 'admin' : 'anonymous',
    cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '),
    xsrf: decodeURIComponent(client.jar.get('XSRF-TOKEN') ?? ''),
  };
}

/** Paths whose effect does not depend on their input: swept as anonymous only (the admin would sign out). */
const ANONYMOUS_ONLY = new Set(['/logout', '/trpc/session.logout']);

describe('malformed input never reaches a 500', () => {
  let server: Server;
  const template = inject('e2eTemplate');
  let beforeDir: string | undefined;

  beforeAll(async () => {
    server = await startServer({ appRoot: inject('e2eAppRoot'), template, keepData: true });
  });
  afterAll(async () => {
    await server?.stop();
    if (server && process.env.SWEEP_KEEP_LOG) await cp(server.logFile, process.env.SWEEP_KEEP_LOG);
    if (server?.databaseName) await adminQuery(`drop database if exists ${server.databaseName} with (force)`).catch(() => {});
    if (server) await rm(server.dataDir, { recursive: true, force: true });
    if (beforeDir) await rm(beforeDir, { recursive: true, force: true });
  });

  it('answers every date field given a date no field holds with a 422 on that field', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Parameters<typeof farDateProbes>[0];
    const shop = (await (await fetch(`${server.baseUrl}/api/shop`)).json()) as Record<string, unknown>;
    const probes = [...farDateProbes(document), ...nestedDateProbes(shop, { email: server.adminEmail })];
    const fields = new Set(probes.map((p) => `${p.url.split('?')[0]} ${p.field}`));
    console.log(`far-date sweep: ${probes.length} requests over ${fields.size} date fields`);
    // Availability, the admin's range and clashes, blocked times, moves, bookings, repair jobs' dates, activity, scheduled changes.
    expect(fields.size).toBeGreaterThanOrEqual(20);
    const admin = await signIn(server.baseUrl, { email: server.adminEmail, password: server.adminPassword });
    const failures: string[] = [];
    const queue = [...probes];
    const worker = async () => {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const started = Date.now();
        const answer = await send(server.baseUrl, probe, admin);
        if (answer === 'reset') {
          failures.push(`${probe.method} ${probe.url} [${probe.kind}]: connection cut`);
          continue;
        }
        const what = `${probe.method} ${probe.url.slice(0, 120)} [${probe.kind} in ${probe.field}] → ${answer.status} ${answer.text.slice(0, 160)}`;
        if (answer.status !== 422 || !fieldsNamed(answer.text).includes(probe.field)) failures.push(what);
        else if (Date.now() - started > 5000) failures.push(`slow: ${what}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures.slice(0, 40), `${failures.length} bad answers`).toEqual([]);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 300_000);

  it('sweeps every documented path and every procedure, as anonymous and as admin', async () => {
    const started = Date.now();
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Parameters<typeof restProbes>[0];
    const probes = [...restProbes(document), ...trpcProbes(), ...otherProbes()];
    const kinds = new Set(probes.map((p) => p.kind.replace(/^(field|all fields|query|trpc whole input|trpc fields) /, '')));
    expect(kinds.size).toBeGreaterThanOrEqual(25);
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);

    // "Before": with PostgreSQL the live database; with PGlite (owned by the server process) the
    // copy of the seeded template this server started from.
    let before: Record<string, string>;
    if (server.databaseName) before = await withDatabase(server, server.dataDir, fingerprint);
    else {
      beforeDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-sweep-before-'));
      await cp(path.join(template.dataDir, 'db'), path.join(beforeDir, 'db'), { recursive: true });
      before = await withDatabase(server, beforeDir, fingerprint);
    }

    const identities = [
      await signIn(server.baseUrl),
      await signIn(server.baseUrl, { email: server.adminEmail, password: server.adminPassword }),
    ];
    const failures: string[] = [];
    const successes: string[] = [];
    let sent = 0;
    let retried = 0;
    const statuses = new Map<string, number>();
    for (const identity of identities) {
      const queue = probes.filter((p) => identity.name === 'anonymous' || !ANONYMOUS_ONLY.has(p.url.split('?')[0]!));
      const worker = async () => {
        for (let probe = queue.shift(); probe; probe = queue.shift()) {
          let answer: Awaited<ReturnType<typeof send>>;
          try {
            answer = await send(server.baseUrl, probe, identity);
          } catch {
            // A connection cut before its answer is retried once; twice is a failure.
            retried++;
            answer = await send(server.baseUrl, probe, identity);
          }
          sent++;
          if (answer === 'reset') continue;
          const key = `${identity.name} ${answer.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          const what = `${identity.name} ${probe.method} ${probe.url.slice(0, 100)} [${probe.kind}] → ${answer.status} ${answer.text.slice(0, 200)}`;
          if (answer.status >= 500) failures.push(what);
          else if (leaks(probe, answer.text) || answer.text.includes(server.adminPassword) || answer.text.includes(identity.xsrf))
            failures.push(`leak: ${what}`);
          else if (answer.status < 300 && probe.method !== 'GET' && probe.method !== 'OPTIONS' && !probe.inputless) successes.push(what);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `malformed-input sweep: ${sent} requests (${probes.length} probes × 2 identities) in ${seconds.toFixed(1)} s; ${kinds.size} kinds; ${retried} retried after a cut connection`,
    );
    const byKind = new Map<string, number>();
    for (const failure of failures) {
      const kind = /\[(.+?)\] → (\d+)/.exec(failure);
      const key = `${kind?.[1]} → ${kind?.[2]}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    console.log(JSON.stringify(Object.fromEntries([...statuses].sort())));
    // The admin's requests got past the access checks to the schema (422) and the lookup (404).
    expect(statuses.get('admin 422') ?? 0).toBeGreaterThan(500);
    expect(statuses.get('admin 404') ?? 0).toBeGreaterThan(50);
    expect(failures.slice(0, 40), `${failures.length} bad answers: ${JSON.stringify(Object.fromEntries(byKind))}`).toEqual([]);
    // A write that succeeded would change rows legitimately; none of these inputs is a valid write.
    expect(successes, 'writes accepted during the sweep').toEqual([]);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);

    if (!server.databaseName) await server.stop();
    const after = await withDatabase(server, server.dataDir, fingerprint);
    // Named by table, so a failure says which rows moved.
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
    expect(after).toEqual(before);
    // A bound, not a speed target: about 30 s on a quiet machine, several minutes at load 20.
    expect(seconds).toBeLessThan(600);
  }, 600_000);
});
