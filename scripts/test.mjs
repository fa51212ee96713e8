// `npm test`: every suite. Integration and component tests run on PGlite; when TEST_DATABASE_URL
// is set (CI) they run a second time on PostgreSQL. Then the browser journeys (test/e2e) run in
// Chromium (on PostgreSQL when TEST_DATABASE_URL is set), and the fault and load suite (test/faults).
// The last line counts every test in the plain form CI reads: "tests: N passed, N failed". Before
// it: each suite's wall time and the slowest test files (from the JSON reports), to see where the
// run's time goes.
//
// Two lanes after the integration suites. The browser journeys keep about one core busy, and most
// fault files spend their time waiting (for a polling period, an outage's minute, a restart), so
// those run beside the journeys, their output kept in test-results/faults-beside.log and printed
// when both are done. The load test (FAULTS_ALONE) runs after, alone: a load figure measured beside
// a browser means nothing, and the journeys' timeouts would feel its 200 connections.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const reportDir = path.join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let anyFailed = false;
// Failed tests by name, repeated under the count: CI keeps only the end of a long log.
const failures = [];
// Each suite's wall time, and every file's duration across suites.
const suiteTimes = [];
const fileTimes = [];

/** The files of test/faults that must have the machine to themselves. */
const FAULTS_ALONE = ['test/faults/load.test.ts'];

/**
 * One vitest run; resolves when it ends. Its output goes to this terminal, or with `logFile` to
 * that file (printed by the caller later, so two lanes' lines do not interleave).
 */
async function run(label, args, env, logFile) {
  const report = path.join(reportDir, `${label}.json`);
  rmSync(report, { force: true });
  console.log(`\n=== ${label}${logFile ? ` (beside the lane above; its output follows when both are done)` : ''} ===`);
  const started = Date.now();
  const child = spawn(process.execPath, [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env,
  });
  if (logFile) {
    const out = createWriteStream(logFile);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  }
  const result = await new Promise((resolve) => child.once('close', (status, signal) => resolve({ status, signal })));
  const wallMs = Date.now() - started;
  suiteTimes.push({ label, wallMs });
  if (logFile) {
    console.log(`\n=== ${label} (its output) ===`);
    process.stdout.write(readFileSync(logFile, 'utf8'));
  }
  console.log(`${label}: ${seconds(wallMs)} wall`);
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests ?? 0;
    totals.failed += summary.numFailedTests ?? 0;
    totals.skipped += (summary.numPendingTests ?? 0) + (summary.numTodoTests ?? 0);
    for (const file of summary.testResults ?? []) {
      if (file.startTime && file.endTime)
        fileTimes.push({ label, file: path.relative(root, file.name), ms: file.endTime - file.startTime });
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) {
        failures.push(`${label}: ${path.relative(root, file.name)} > ${test.fullName}\n    ${firstLine(test.failureMessages)}`);
      }
      if (file.status === 'failed' && failed.length === 0) {
        failures.push(`${label}: ${path.relative(root, file.name)}\n    ${firstLine([file.message])}`);
      }
    }
  }
  if (result.status !== 0) {
    anyFailed = true;
    console.log(`${label}: FAILED (exit ${result.status ?? result.signal})`);
  }
}

const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;

const started = Date.now();
await run('integration-pglite', [], withoutPostgres);
if (process.env.TEST_DATABASE_URL) await run('integration-postgres', [], process.env);
// Built once here: the two lanes' global setups would otherwise both find dist/ stale and build it.
if (spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  anyFailed = true;
  failures.push('build: scripts/build.mjs failed (see above)');
} else {
  const faults = ['--config', 'vitest.faults.config.ts'];
  const beside = run(
    'faults-beside',
    [...faults, ...FAULTS_ALONE.flatMap((file) => ['--exclude', file])],
    process.env,
    path.join(reportDir, 'faults-beside.log'),
  );
  await run('e2e', ['--config', 'vitest.e2e.config.ts'], process.env);
  await beside;
  await run('faults-alone', [...faults, ...FAULTS_ALONE], process.env);
}
const totalMs = Date.now() - started;

function firstLine(messages) {
  const text = (messages ?? []).find((message) => message) ?? '';
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function seconds(ms) {
  return ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

console.log(
  `\nwall time by suite (faults-beside runs beside e2e):\n${suiteTimes.map((suite) => `  ${suite.label}: ${seconds(suite.wallMs)}`).join('\n')}\n  all: ${seconds(totalMs)}`,
);
const slowest = fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 20);
if (slowest.length) {
  console.log(
    `\nslowest ${slowest.length} test files:\n${slowest.map((file) => `  ${seconds(file.ms).padStart(8)}  ${file.label}: ${file.file}`).join('\n')}`,
  );
}
if (failures.length) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(anyFailed || totals.failed ? 1 : 0);
