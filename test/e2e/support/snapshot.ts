/**
 * The servers of one e2e run all serve the same built site, the way production runs it. Other
 * people (or an editor's build on save) may rebuild dist/ while the suite runs; the server's
 * static routes are fixed when it starts, so a rebuild under it would answer every new chunk with
 * index.html. Global setup therefore builds when the build is stale and copies what the built
 * server runs (dist, demo-images, db-template, scripts, package.json; node_modules linked) into a
 * snapshot folder once, and every test file starts `node scripts/run-built.mjs main` there.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './paths.ts';

function signature(dir: string): string {
  if (!existsSync(dir)) return '';
  const parts: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const s = statSync(full);
        parts.push(`${path.relative(dir, full)}:${s.size}:${s.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return parts.sort().join('\n');
}

/** Every file index.html names exists (a half-written build fails this). */
function isCompleteBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return refs.length > 0 && refs.every((ref) => existsSync(path.join(dir, ref)));
}

/** `npm run build` when dist/ is missing or older than the sources. */
export async function buildIfStale(): Promise<void> {
  // vitest sets NODE_ENV=test; build.mjs builds the client for production whatever it is.
  const build = spawn(process.execPath, [path.join(projectRoot, 'scripts', 'build.mjs'), '--if-stale'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  const status = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (status !== 0) throw new Error('e2e: the build failed (see above)');
}

export async function createSnapshot(): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-e2e-app-'));
  // Timestamps are kept so the copied build is not taken for older than package.json.
  for (const item of ['demo-images', 'db-template', 'scripts', 'package.json']) {
    const from = path.join(projectRoot, item);
    if (existsSync(from)) cpSync(from, path.join(root, item), { recursive: true, preserveTimestamps: true });
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const builtDir = path.join(projectRoot, 'dist');
  const target = path.join(root, 'dist');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = signature(builtDir);
    rmSync(target, { recursive: true, force: true });
    if (before) cpSync(builtDir, target, { recursive: true, preserveTimestamps: true });
    const complete = existsSync(path.join(target, 'build-stamp')) && isCompleteBuild(path.join(target, 'client'));
    if (before && before === signature(builtDir) && complete) return root;
    await buildIfStale();
  }
  rmSync(root, { recursive: true, force: true });
  throw new Error('e2e: dist/ kept changing while it was copied; run the suite again');
}

export function removeSnapshot(root: string): void {
  rmSync(root, { recursive: true, force: true });
}
