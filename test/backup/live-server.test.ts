// A backup taken while the real server runs on the embedded database: the CLI asks the server
// (DATA_DIR/server.json) to write the archive, since the server owns the PGlite folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '#test/support/ports.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('backs up a running embedded site through the server', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-live-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATA_DIR: dataDir };
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  try {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && !existsSync(path.join(dataDir, 'server.json'))) await new Promise((r) => setTimeout(r, 250));
    expect(statSync(path.join(dataDir, 'server.json')).mode & 0o777).toBe(0o600);
    const file = path.join(dir, 'live.tar.gz');
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/cli/backup.ts'), file], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(existsSync(file)).toBe(true);
    // It holds APP_KEY and the password hashes: readable by the site's user only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
}, 180_000);
