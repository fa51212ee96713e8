// Start-up benchmark: time from spawning the server to a healthy /healthz on a fresh DATA_DIR
// (cold: migrations and demo content) and again on the same folder (warm), and the server's
// resident memory once idle. Run: node scripts/bench-startup.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);

async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  // A first page load's worth of requests, then idle.
  await fetch(`http://127.0.0.1:${port}/`);
  await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
  await new Promise((r) => setTimeout(r, 3000));
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return { ms, rssMb: rssKb / 1024 };
}

const cold = await startOnce();
const warm = await startOnce();
console.log(`cold start: ${(cold.ms / 1000).toFixed(1)} s (fresh DATA_DIR: migrations + demo content)`);
console.log(`warm start: ${(warm.ms / 1000).toFixed(1)} s`);
console.log(`idle RSS:   ${warm.rssMb.toFixed(0)} MB (after a first request, 3 s idle)`);
rmSync(dataDir, { recursive: true, force: true });
