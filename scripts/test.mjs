// `npm test`: every suite. Integration and component tests run on PGlite; when TEST_DATABASE_URL
// is set (CI) they run a second time on PostgreSQL. Then the browser journeys (test/e2e) run in
// Chromium (on PostgreSQL when TEST_DATABASE_URL is set), and the fault and load suite (test/faults). The last line counts every test in the
// plain form CI reads: "tests: N passed, N failed". Before it: each suite's wall time and the
// slowest test files (from the JSON reports), to see where the run's time goes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

function run(label, args, env) {
  const report = path.join(reportDir, `${label}.json`);
  rmSync(report, { force: true });
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
  const wallMs = Date.now() - started;
  suiteTimes.push({ label, wallMs });
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

run('integration-pglite', [], withoutPostgres);
if (process.env.TEST_DATABASE_URL) run('integration-postgres', [], process.env);
run('e2e', ['--config', 'vitest.e2e.config.ts'], process.env);
run('faults', ['--config', 'vitest.faults.config.ts'], process.env);

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

console.log(`\nwall time by suite:\n${suiteTimes.map((suite) => `  ${suite.label}: ${seconds(suite.wallMs)}`).join('\n')}`);
const slowest = fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 20);
if (slowest.length) {
  console.log(
    `\nslowest ${slowest.length} test files:\n${slowest.map((file) => `  ${seconds(file.ms).padStart(8)}  ${file.label}: ${file.file}`).join('\n')}`,
  );
}
if (failures.length) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(anyFailed || totals.failed ? 1 : 0);
