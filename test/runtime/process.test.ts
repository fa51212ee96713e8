// The real entry point as a process: one-line failures with exit code 1, graceful shutdown on
// SIGTERM, and a PGlite folder that opens again afterwards with its data intact.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '#test/support/ports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-proc-'));
  tempDirs.push(dir);
  return dir;
}

function startServer(env: Record<string, string>, cwd = root) {
  const tsxLoader = path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs');
  const child = spawn(process.execPath, ['--import', pathToFileURL(tsxLoader).href, path.join(root, 'src/server/main.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForHealth(port: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it('exits 1 with a one-line message naming a bad variable', async () => {
    const server = startServer({ DATA_DIR: await tempDir(), PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim()).toMatch(/^Cannot start: Invalid PORT: .+$/);
  }, 30_000);

  it('reads a .env file in its working directory, and a variable in the environment wins over it', async () => {
    const cwd = await tempDir();
    await writeFile(path.join(cwd, '.env'), 'PORT=not-a-port\n# a comment\nDATABASE_URL=postgres://postgres@127.0.0.1:1/none\n');
    const fromFile = startServer({ DATA_DIR: await tempDir() }, cwd);
    expect(await fromFile.exited).toBe(1);
    expect(fromFile.output().stderr.trim()).toMatch(/^Cannot start: Invalid PORT: .+$/);

    const environmentWins = startServer({ DATA_DIR: await tempDir(), PORT: String(await freePort()) }, cwd);
    expect(await environmentWins.exited).toBe(1);
    expect(environmentWins.output().stderr.trim()).toMatch(/^Cannot start: DATABASE_URL cannot be reached or migrated \(.+\)$/);
  }, 60_000);

  it('exits 1 in production on PostgreSQL without APP_KEY, saying so in one line', async () => {
    const server = startServer({ DATA_DIR: await tempDir(), NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim()).toMatch(/^Cannot start: Missing APP_KEY: required in production with DATABASE_URL .+$/);
  }, 30_000);

  it('exits 1 when S3_BUCKET cannot be written, saying so in one line', async () => {
    // It listens before it checks the bucket: a port of its own, not the default one another
    // process on the machine may hold.
    const server = startServer({
      DATA_DIR: await tempDir(),
      PORT: String(await freePort()),
      S3_BUCKET: 'bodyshop-files',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim()).toMatch(
      /^Cannot start: S3_BUCKET bodyshop-files at http:\/\/127\.0\.0\.1:1 cannot be written \(.+\)$/,
    );
  }, 30_000);

  it('exits 1 when DATABASE_URL cannot be reached, creating nothing in DATA_DIR', async () => {
    const dataDir = path.join(await tempDir(), 'not-yet');
    const server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim()).toMatch(/^Cannot start: DATABASE_URL cannot be reached or migrated \(.+\)$/);
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  it('shuts down on SIGTERM and starts again on the same embedded database', async () => {
    const dataDir = await tempDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL: 'boss@harbourside.test', ADMIN_PASSWORD: 'boss-password-1' };

    const first = startServer(env);
    await waitForHealth(port);
    const widget = await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json();
    expect(widget.openapi).toBe('3.1.0');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer(env);
    await waitForHealth(port);
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok' });
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.output().stderr).not.toMatch(/error/i);
  }, 180_000);
});
