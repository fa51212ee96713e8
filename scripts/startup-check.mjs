// CI's start-up check (.ci/run), on whatever Node runs it (CI: the machine's own, as a fresh
// machine comes): the README's `npm install && npm start` in a fresh copy of the sources, that is
// the files git would check out, `npm ci`, then `npm start` on a free port with a temporary
// DATA_DIR. /healthz must reach 200, / must answer an HTML page and /api/widgets/HomeText1 JSON,
// then SIGTERM must stop the site within 20 s. Everything within STARTUP_CHECK_LIMIT_S (300 s);
// the copy and its data are removed afterwards. Exit code 0 when every step passed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const started = Date.now();
const deadline = started + Number(process.env.STARTUP_CHECK_LIMIT_S ?? 300) * 1000;
const work = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-startup-'));
const copy = path.join(work, 'site');
const dataDir = path.join(work, 'data');
let site;
const output = [];

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (message) => console.log(`startup check: ${message} (${elapsed()})`);
const remainingMs = () => Math.max(1000, deadline - Date.now());

/** Whether any process of npm start's group (npm, its shell, the site) is still there. */
function groupAlive() {
  try {
    process.kill(-site.pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup() {
  if (site && groupAlive()) process.kill(-site.pid, 'SIGKILL');
}

function fail(message) {
  console.error(`startup check: FAILED after ${elapsed()}: ${message}`);
  if (output.length) console.error(`--- the site's last output ---\n${output.join('').split('\n').slice(-40).join('\n')}`);
  killGroup();
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

step(`Node ${process.version}, npm ${execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()}`);

// A fresh copy: what git would check out, nothing installed or built.
const skipped = new Set(['node_modules', 'dist', 'data', 'test-results']);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root })
  .toString()
  .split('\0')
  .filter((file) => file && !skipped.has(file.split('/')[0]) && existsSync(path.join(root, file)));
for (const file of files) {
  if (lstatSync(path.join(root, file)).isSymbolicLink()) continue;
  mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(copy, file));
}
step(`copied ${files.length} files to ${copy}`);

// At npm's default log level, as a newcomer sees it: a warning (an engine this Node is not in) fails the check.
const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
  cwd: copy,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
  timeout: remainingMs(),
});
process.stdout.write(install.stdout ?? '');
process.stderr.write(install.stderr ?? '');
if (install.status !== 0) fail(`npm ci exited with ${install.status ?? install.signal}`);
const warnings = `${install.stdout}\n${install.stderr}`.split('\n').filter((line) => /^npm warn/i.test(line));
if (warnings.length) fail(`npm ci printed ${warnings.length} warning lines, e.g. ${warnings[0]}`);
step('npm ci done, no warning');

const port = await freePort();
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'NODE_ENV', 'APP_KEY', 'S3_BUCKET', 'SMTP_URL', 'METRICS_TOKEN']) delete env[name];
site = spawn('npm', ['start'], { cwd: copy, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
for (const stream of [site.stdout, site.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
const exited = new Promise((resolve) => site.on('exit', (code, signal) => resolve({ code, signal })));
step(`npm start on port ${port} (it builds first on a fresh copy)`);

const base = `http://127.0.0.1:${port}`;
for (;;) {
  if (site.exitCode !== null || site.signalCode !== null)
    fail(`npm start exited (${site.exitCode ?? site.signalCode}) before /healthz answered 200`);
  if (Date.now() > deadline) fail('/healthz did not answer 200 in time');
  const health = await get(`${base}/healthz`).catch(() => undefined);
  if (health?.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
step('/healthz 200');

const home = await get(`${base}/`).catch((error) => fail(`GET / failed: ${error.message}`));
if (home.status !== 200 || !home.type.startsWith('text/html') || !home.body.includes('<html'))
  fail(`GET / answered ${home.status} ${home.type}, not an HTML page`);
step('GET / 200 text/html');

const widget = await get(`${base}/api/widgets/HomeText1`).catch((error) => fail(`GET /api/widgets/HomeText1 failed: ${error.message}`));
let parsed;
try {
  parsed = JSON.parse(widget.body);
} catch {
  // Checked below.
}
if (widget.status !== 200 || !widget.type.startsWith('application/json') || typeof parsed !== 'object' || parsed === null)
  fail(`GET /api/widgets/HomeText1 answered ${widget.status} ${widget.type}, not JSON`);
step('GET /api/widgets/HomeText1 200 JSON');

// SIGTERM to npm start's whole process group, as a terminal's Ctrl-C or a container stop reaches
// it (npm itself does not pass a signal on to the site through its shell): the site finishes what
// it holds, closes the database and exits; the group must be gone within 20 s.
process.kill(-site.pid, 'SIGTERM');
for (let wait = 0; groupAlive() && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
if (groupAlive()) fail('the site was still running 20 s after SIGTERM');
await exited;
if (/shutdown took longer|"level":50|"level":60/.test(output.join(''))) fail('the site logged an error while stopping');
step('stopped by SIGTERM');
rmSync(work, { recursive: true, force: true });
console.log(`startup check: passed in ${elapsed()}`);
