// The production path from a clean copy, as the README's recipe and the Dockerfile run it:
// install, build, prune to the production dependencies, then only what the Dockerfile's runtime
// stage copies (its `COPY --from=build` lines, read from the Dockerfile) in a folder of its own,
// started with the Dockerfile's CMD. Then the same folder without its build: one line saying
// what to run, exit 1.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '#test/support/ports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const copy = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-prod-'));
const runtime = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-runtime-'));
// The copies hold a whole node_modules each: on a loaded machine removing them took over the
// default minute (a CI run failed on it).
afterAll(async () => {
  await Promise.all([rm(copy, { recursive: true, force: true }), rm(runtime, { recursive: true, force: true })]);
}, 300_000);

/** The Dockerfile's runtime stage: what it copies from the build stage, and its command. */
function dockerRuntimeStage(): { copies: [string, string][]; command: string[] } {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const copies = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S+)$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]);
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
  if (!cmd || copies.length === 0) throw new Error('the Dockerfile has no runtime COPY lines or CMD');
  return { copies, command: JSON.parse(cmd[1]!) as string[] };
}

/** The files git would check out: tracked ones and new ones not ignored (no node_modules, dist or data). */
function cleanCopy(): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root })
    .toString()
    .split('\0')
    .filter((file) => file && existsSync(path.join(root, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(copy, file));
  }
}

function npm(args: string[]): void {
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: copy, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stderr}`);
}

describe('the production path', () => {
  it('builds, prunes to production dependencies, and serves the site with node', async () => {
    cleanCopy();
    npm(['ci', '--prefer-offline']);
    npm(['run', 'build']);
    npm(['prune', '--omit=dev']);
    for (const devOnly of ['vite', 'tsx', 'esbuild', 'vitest', 'react']) {
      expect(existsSync(path.join(copy, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    // The runtime stage: only what the Dockerfile copies, timestamps kept as COPY keeps them.
    const stage = dockerRuntimeStage();
    for (const [from, to] of stage.copies)
      cpSync(path.join(copy, from), path.join(runtime, to), { recursive: true, preserveTimestamps: true });
    expect(stage.command[0]).toBe('node');

    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-prod-data-'));
    const server = spawn(process.execPath, stage.command.slice(1), {
      cwd: runtime,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'production-path',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (d) => (output += d));
    server.stderr.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const status = await fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) break;
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the built server did not become healthy:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('<div id="root">');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js">/);
      // A hashed bundle: pre-compressed, immutable, and only the headers that apply to a script.
      const bundlePath = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      const bundle = await fetch(`${base}${bundlePath}`, { headers: { 'accept-encoding': 'br' } });
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-encoding')).toBe('br');
      expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(bundle.headers.get('x-content-type-options')).toBe('nosniff');
      for (const needless of ['etag', 'last-modified', 'accept-ranges', 'content-security-policy', 'x-frame-options']) {
        expect(bundle.headers.get(needless), needless).toBeNull();
      }
      const widget = await fetch(`${base}/api/widgets/HomeText1`);
      expect(widget.status).toBe(200);
      expect(await widget.json()).toMatchObject({ name: 'HomeText1', type: 'TEXT' });
      expect(output).not.toMatch(/Error|Cannot start/);
    } finally {
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }

    // Without a build and without the build tools: one line, exit 1.
    rmSync(path.join(copy, 'dist'), { recursive: true, force: true });
    const unbuilt = spawnSync(process.execPath, ['scripts/run-built.mjs', 'main'], {
      cwd: copy,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(unbuilt.status).toBe(1);
    expect(unbuilt.stdout).toBe('');
    expect(unbuilt.stderr.trim().split('\n')).toEqual([
      'Cannot start: the site is not built; run `npm ci && npm run build` (the build needs the dev dependencies), then start again.',
    ]);
  }, 300_000);
});
