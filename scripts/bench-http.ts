// `npm run bench:http`: the site's public reads beside a bare Fastify 5 route that returns the
// same widget JSON as a constant, loaded with autocannon in the same run, alternating, 64
// connections, each measurement after a discarded warm-up, in BENCH_ROUNDS rounds (3) of which
// each request's best counts. Beside the reads: two server-rendered pages (/ and /about) and a new
// unknown address on every request (a crawler or scanner; answered 404 from the prepared
// not-found page). The site runs as `npm start` runs it
// (the build, default logging to a pipe), first on the embedded database, then on PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a database is created for the run and dropped after). A gallery of 20 images is added to the
// demo content for the gallery read.
//
// `npm run bench:http -- --copies=2`: instead, two copies of the site on one PostgreSQL database
//, each loaded by its own autocannon at the same time (half the connections each):
// each copy's req/s and the total, beside one copy alone. Then both under load again while an
// admin writes widgets through both, and copy B is killed (SIGKILL) half way: what failed on
// each copy, and whether every write that was acknowledged is there.
import { fork, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { seedDemoContent } from '#server/db/seed/seed.ts';
import { createLocalStorage, prepareStorage } from '#server/files/storage.ts';
import { storePreparedImage } from '#server/images/images.service.ts';
import type { ProcessedImage } from '#server/images/image-processing.ts';
import { demoImagesDir, projectRoot } from '#server/paths.ts';
import { freePort } from './lib/free-port.mjs';
import { BENCH_ADMIN, children, rssMb, signedInSession, startSite, waitHealthy, withPostgres } from './lib/bench-site.ts';
import * as galleries from '#server/galleries/galleries.repository.ts';
import * as galleryImages from '#server/galleries/gallery-images.repository.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = 2;
/** Rounds of the single-copy comparison; each target's best round counts (noise on a shared machine only takes away). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 64;
const temps: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** Migrated, seeded with the demo content, plus a visible gallery of 20 images; returns its id. */
async function prepareSite(dataDir: string, databaseUrl: string | undefined): Promise<number> {
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  try {
    await migrateToLatest(database.db);
    await prepareStorage(dataDir);
    const storage = createLocalStorage(dataDir);
    await seedDemoContent(database.db, storage, { isDemoContentOn: true });
    const manifest = Object.values(
      JSON.parse(readFileSync(path.join(demoImagesDir, 'manifest.json'), 'utf8')) as Record<string, ProcessedImage>,
    );
    const galleryId = await galleries.insertGallery(database.db, { name: 'Twenty pictures', hidden: false });
    for (let i = 0; i < 20; i++) {
      const image = await storePreparedImage(
        { db: database.db, storage },
        manifest[i % manifest.length]!,
        createLocalStorage(demoImagesDir),
      );
      await galleryImages.insertGalleryImage(database.db, galleryId, image.id, { alt: `Picture ${i + 1}`, link: null });
    }
    return galleryId;
  } finally {
    await database.close();
  }
}

interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

interface LoadOptions {
  connections?: number;
  /** A path per request (the URL's host and port stay): each request may ask for a new address. */
  nextPath?: () => string;
  /** The status every answer should have (2xx when absent). */
  status?: 404;
}

async function load(url: string, seconds: number, options: LoadOptions = {}): Promise<Measured> {
  const { connections = CONNECTIONS, nextPath, status } = options;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    ...(nextPath ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  const unexpected = status === 404 ? result['1xx'] + result['2xx'] + result['3xx'] + result['5xx'] : result.non2xx;
  const errors = result.errors + result.timeouts + unexpected;
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** Paths no screen has, each asked for once: every request is a new unknown address (a crawler, a scanner). */
let unknownPathCount = 0;
const newUnknownPath = () => `/no-such-page-${++unknownPathCount}`;

async function benchEngine(label: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = tempDir('bodyshop-bench-http-');
  const galleryId = await prepareSite(dataDir, databaseUrl);
  const [sitePort, barePort] = [await freePort(), await freePort()];
  const site = startSite(dataDir, databaseUrl, sitePort);
  const siteBase = `http://127.0.0.1:${sitePort}`;
  await waitHealthy(siteBase, site);
  const widgetBody = await (await fetch(`${siteBase}/api/widgets/HomeText1`)).text();
  const bodyFile = path.join(dataDir, 'widget.json');
  writeFileSync(bodyFile, widgetBody);
  const bare = fork(path.join(projectRoot, 'scripts', 'lib', 'bare-fastify.mjs'), [String(barePort), bodyFile], { stdio: 'ignore' });
  children.push(bare);
  await new Promise((resolve) => bare.once('message', resolve));

  const targets: { name: string; url: string; isBaseline?: boolean; options?: LoadOptions }[] = [
    { name: 'bare Fastify: constant widget JSON', url: `http://127.0.0.1:${barePort}/api/widgets/HomeText1`, isBaseline: true },
    { name: 'GET /api/widgets/HomeText1', url: `${siteBase}/api/widgets/HomeText1` },
    { name: `GET /api/galleries/${galleryId} (20 images)`, url: `${siteBase}/api/galleries/${galleryId}` },
    { name: 'GET /api/testimonials?page=0', url: `${siteBase}/api/testimonials?page=0` },
    { name: 'GET / (home page, server-rendered)', url: `${siteBase}/` },
    { name: 'GET /about (server-rendered)', url: `${siteBase}/about` },
    // Each new unknown address was rendered and compressed anew (about 20 ms of CPU);
    // now one prepared not-found page per section serves them all (page-shell.ts).
    {
      name: 'GET a new unknown path each time (404)',
      url: `${siteBase}/`,
      options: { nextPath: newUnknownPath, status: 404 },
    },
  ];
  // Rounds alternating the targets, so drift on a shared machine hits all of them alike.
  const results = new Map<string, Measured[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      await load(target.url, WARMUP, target.options);
      const measured = await load(target.url, DURATION, target.options);
      results.set(target.name, [...(results.get(target.name) ?? []), measured]);
    }
  }
  const best = (name: string) => results.get(name)!.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
  const baseline = best(targets[0]!.name).reqPerSec;
  console.log(`\n${label}: ${CONNECTIONS} connections, ${DURATION} s per measurement (best of ${ROUNDS} rounds)`);
  console.log('| request | req/s | p50 ms | p99 ms | share of bare | errors | req/s in each round |');
  console.log('|---|---|---|---|---|---|---|');
  const perSecond = (m: Measured) => Math.round(m.reqPerSec).toLocaleString('en-GB');
  for (const target of targets) {
    const m = best(target.name);
    const share = target.isBaseline ? '100%' : `${((m.reqPerSec / baseline) * 100).toFixed(1)}%`;
    const rounds = results.get(target.name)!.map(perSecond).join(', ');
    console.log(`| ${target.name} | ${perSecond(m)} | ${m.p50} | ${m.p99} | ${share} | ${m.errors} | ${rounds} |`);
  }
  console.log(`RSS after the load: site ${rssMb(site.pid!).toFixed(0)} MB, bare Fastify ${rssMb(bare.pid!).toFixed(0)} MB`);
  for (const child of [site, bare]) child.kill('SIGTERM');
  await Promise.all(
    [site, bare].map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))),
  );
}

/** A signed-in admin over fetch: the session cookie and the XSRF header, for any copy. */
async function adminSession(base: string): Promise<(url: string, body: unknown) => Promise<number>> {
  const call = await signedInSession(base, BENCH_ADMIN.email, BENCH_ADMIN.password);
  return async (url, body) => (await call(url, 'POST', body)).status;
}

async function benchTwoCopies(databaseUrl: string): Promise<void> {
  const dataDirA = tempDir('bodyshop-bench-copy-a-');
  const dataDirB = tempDir('bodyshop-bench-copy-b-');
  await prepareSite(dataDirA, databaseUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  const copyA = startSite(dataDirA, databaseUrl, portA);
  const copyB = startSite(dataDirB, databaseUrl, portB);
  const [baseA, baseB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  await Promise.all([waitHealthy(baseA, copyA), waitHealthy(baseB, copyB)]);
  const widgetPath = '/api/widgets/HomeText1';
  const half = CONNECTIONS / 2;

  const rounds: { alone: Measured; a: Measured; b: Measured }[] = [];
  for (let round = 0; round < 2; round++) {
    await load(`${baseA}${widgetPath}`, WARMUP);
    const alone = await load(`${baseA}${widgetPath}`, DURATION);
    await Promise.all([
      load(`${baseA}${widgetPath}`, WARMUP, { connections: half }),
      load(`${baseB}${widgetPath}`, WARMUP, { connections: half }),
    ]);
    const [a, b] = await Promise.all([
      load(`${baseA}${widgetPath}`, DURATION, { connections: half }),
      load(`${baseB}${widgetPath}`, DURATION, { connections: half }),
    ]);
    rounds.push({ alone, a, b });
  }
  const best = rounds.reduce((x, y) => (y.a.reqPerSec + y.b.reqPerSec > x.a.reqPerSec + x.b.reqPerSec ? y : x));
  const row = (name: string, m: Measured) =>
    console.log(`| ${name} | ${Math.round(m.reqPerSec).toLocaleString('en-GB')} | ${m.p50} | ${m.p99} | ${m.errors} |`);
  console.log(`\nTwo copies on one PostgreSQL, GET ${widgetPath}: ${CONNECTIONS} connections in all, ${DURATION} s (best of 2 rounds)`);
  console.log('| copy | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|');
  row('one copy alone (64 connections)', best.alone);
  row('copy A (32 connections)', best.a);
  row('copy B (32 connections)', best.b);
  console.log(`| two copies, total | ${Math.round(best.a.reqPerSec + best.b.reqPerSec).toLocaleString('en-GB')} | | | |`);

  // Copy B killed under load, while an admin writes through both copies.
  const write = await adminSession(baseA);
  const acknowledged: string[] = [];
  const failedWrites: string[] = [];
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const name = `BenchWrite${i}`;
      const base = i % 2 === 0 ? baseA : baseB;
      const status = await write(`${base}/api/widgets`, { name, type: 'TEXT' }).catch(() => 0);
      if (status === 201) acknowledged.push(name);
      else failedWrites.push(`${name} on ${base === baseA ? 'A' : 'B'}: ${status || 'connection failed'}`);
    }
  })();
  const loads = Promise.all([
    load(`${baseA}${widgetPath}`, DURATION, { connections: half }),
    load(`${baseB}${widgetPath}`, DURATION, { connections: half }),
  ]);
  await new Promise((resolve) => setTimeout(resolve, (DURATION * 1000) / 2));
  copyB.kill('SIGKILL');
  const [a, b] = await loads;
  writing = false;
  await writer;
  let lost = 0;
  for (const name of acknowledged) if ((await fetch(`${baseA}/api/widgets/${name}`)).status !== 200) lost += 1;
  console.log(`\nCopy B killed (SIGKILL) ${DURATION / 2} s into ${DURATION} s of load on both:`);
  console.log(`- copy A: ${Math.round(a.reqPerSec).toLocaleString('en-GB')} req/s, ${a.errors} errors`);
  console.log(
    `- copy B: ${Math.round(b.reqPerSec).toLocaleString('en-GB')} req/s averaged over the run, ${b.errors} errors (its in-flight requests, then connections refused: no balancer took it out)`,
  );
  const failedOnA = failedWrites.filter((failure) => failure.includes(' on A:')).length;
  console.log(
    `- writes through both: ${acknowledged.length} acknowledged, ${lost} of them missing afterwards; failed: ${failedOnA} on A, ${failedWrites.length - failedOnA} on B`,
  );
  for (const failure of failedWrites.slice(0, 5)) console.log(`  - ${failure}`);
  copyA.kill('SIGTERM');
  await new Promise((resolve) => (copyA.exitCode !== null ? resolve(null) : copyA.once('exit', resolve)));
}

try {
  const build = spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  if (process.argv.includes('--copies=2')) {
    await withPostgres('bodyshop_bench_http', (url) => benchTwoCopies(url));
  } else {
    await benchEngine('Embedded database (PGlite)', undefined);
    await withPostgres('bodyshop_bench_http', (url) => benchEngine('PostgreSQL', url));
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
}
