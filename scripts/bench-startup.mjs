// `npm run bench:startup`: start-up time and memory of the built server, side by side with the
// same sources run through tsx (how the site ran before the build), on a fresh DATA_DIR (cold:
// migrations and demo content) and again on the same folder (warm); idle memory on the embedded
// database and on PostgreSQL; what `npm start` runs; and the install size with production
// dependencies only. Peak is the process's VmHWM when it first answers /healthz 200; idle is
// VmRSS after a first visit's requests and 5 s of quiet.
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a database is created for the run and dropped after).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const temps = [];
const BENCH_APP_KEY = `base64:${Buffer.alloc(32, 1).toString('base64')}`;
const tempDir = (prefix) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function procStatus(pid, field) {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const commands = {
  built: [path.join(root, 'scripts', 'run-built.mjs'), 'main'],
  tsx: ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')],
};

async function startOnce(kind, { dataDir, databaseUrl = '' }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, commands[kind], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Production with DATABASE_URL requires a key; the bench database holds nothing encrypted.
      APP_KEY: databaseUrl ? BENCH_APP_KEY : '',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  let firstAnswerMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/healthz`);
      firstAnswerMs ??= performance.now() - started;
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - started;
  const peakKb = procStatus(child.pid, 'VmHWM');
  for (const url of ['/', '/api/widgets/HomeText1', '/api/galleries?page=0', '/api/testimonials?page=0', '/api/openapi.json']) {
    await (await fetch(base + url)).arrayBuffer();
  }
  await new Promise((r) => setTimeout(r, 5000));
  const idleKb = procStatus(child.pid, 'VmRSS');
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { firstAnswerMs, readyMs, peakKb, idleKb };
}

async function withPostgres(run) {
  const name = `bodyshop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${adminUrl} unreachable (${error.message})` };
  }
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Every Node process `npm start` leaves running, with its resident memory. */
async function npmStartTree() {
  const port = await freePort();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: tempDir('bodyshop-bench-npm-'),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
    },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const tree = [];
  const walk = (pid) => {
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    tree.push({ pid, comm, args: args.slice(1, 3).join(' '), rssKb: procStatus(pid, 'VmRSS') });
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const c of children) walk(Number(c));
  };
  walk(child.pid);
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return tree;
}

function productionInstall() {
  const dir = tempDir('bodyshop-bench-install-');
  for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(root, file), path.join(dir, file));
  const started = performance.now();
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    stdio: 'ignore',
  });
  const ms = performance.now() - started;
  const kb = Number(
    execFileSync('du', ['-sk', path.join(dir, 'node_modules')])
      .toString()
      .split('\t')[0],
  );
  const count = execFileSync('find', [
    path.join(dir, 'node_modules'),
    '-name',
    'package.json',
    '-not',
    '-path',
    '*/node_modules/*/node_modules/*/node_modules/*',
  ])
    .toString()
    .split('\n')
    .filter((p) => /node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(p)).length;
  return { kb, count, ms };
}

function fullInstallKb() {
  return Number(
    execFileSync('du', ['-sk', path.join(root, 'node_modules')])
      .toString()
      .split('\t')[0],
  );
}

try {
  console.log('building (npm run build)...');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the build failed');

  const rows = [];
  for (const kind of ['built', 'tsx']) {
    const dataDir = tempDir(`bodyshop-bench-${kind}-`);
    const cold = await startOnce(kind, { dataDir });
    const warm = await startOnce(kind, { dataDir });
    const postgres = await withPostgres(async (url) => {
      await startOnce(kind, { dataDir: tempDir(`bodyshop-bench-${kind}-pg-`), databaseUrl: url });
      return startOnce(kind, { dataDir: tempDir(`bodyshop-bench-${kind}-pg-`), databaseUrl: url });
    });
    rows.push({ kind, cold, warm, postgres });
  }

  console.log('\n| | built server (node) | from source (tsx) |');
  console.log('|---|---|---|');
  const [b, t] = rows;
  const row = (label, f) => console.log(`| ${label} | ${f(b)} | ${f(t)} |`);
  row('first start, embedded DB: port answers', (r) => seconds(r.cold.firstAnswerMs));
  row('first start, embedded DB: healthy (migrations + demo content)', (r) => seconds(r.cold.readyMs));
  row('first start, embedded DB: peak RSS (VmHWM)', (r) => mb(r.cold.peakKb));
  row('warm start, embedded DB: healthy', (r) => seconds(r.warm.readyMs));
  row('idle RSS, embedded DB', (r) => mb(r.warm.idleKb));
  row('warm start, PostgreSQL: healthy', (r) => (r.postgres.skipped ? 'skipped' : seconds(r.postgres.readyMs)));
  row('idle RSS, PostgreSQL', (r) => (r.postgres.skipped ? 'skipped' : mb(r.postgres.idleKb)));
  if (b.postgres.skipped) console.log(`PostgreSQL: ${b.postgres.skipped}`);

  const tree = await npmStartTree();
  const nodes = tree.filter((p) => p.comm === 'node' || p.comm.startsWith('npm'));
  console.log(`\nnpm start runs ${nodes.length} Node processes: ${tree.map((p) => `${p.comm} ${p.args} (${mb(p.rssKb)})`).join(' -> ')}`);

  const prod = productionInstall();
  console.log(
    `\ninstall with production dependencies only (npm ci --omit=dev): ${mb(prod.kb)}, ${prod.count} packages, ${seconds(prod.ms)}; the full development install here: ${mb(fullInstallKb())}`,
  );
} finally {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
}
