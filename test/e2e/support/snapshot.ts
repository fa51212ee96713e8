/**
 * The servers of one e2e run all serve the same built site. Other people (or an editor's build on
 * save) may rebuild dist/client or edit src/ while the suite runs; the server's static routes are
 * fixed when it starts, so a rebuild under it would answer every new chunk with index.html.
 * Global setup therefore copies what the server runs (src, migrations, public, dist/client,
 * package.json, tsconfig.json; node_modules linked) into a snapshot folder once, and every test
 * file starts `node --import tsx src/server/main.ts` there.
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

export async function runViteBuild(outDir?: string): Promise<void> {
  const args = [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'];
  if (outDir) args.push('--outDir', outDir, '--emptyOutDir');
  // vitest sets NODE_ENV=test, which would make vite bundle React's development build.
  const build = spawn(process.execPath, args, { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const status = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (status !== 0) throw new Error('e2e: the client build failed (see above)');
}

export async function createSnapshot(): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-e2e-app-'));
  for (const item of ['src', 'migrations', 'public', 'package.json', 'tsconfig.json']) {
    const from = path.join(projectRoot, item);
    if (existsSync(from)) cpSync(from, path.join(root, item), { recursive: true });
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const builtDir = path.join(projectRoot, 'dist', 'client');
  const target = path.join(root, 'dist', 'client');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = signature(builtDir);
    rmSync(target, { recursive: true, force: true });
    if (before) cpSync(builtDir, target, { recursive: true });
    if (before && before === signature(builtDir) && isCompleteBuild(target)) return root;
  }
  // dist/client keeps changing under us: build the snapshot's own copy.
  await runViteBuild(target);
  if (!isCompleteBuild(target)) throw new Error('e2e: the client build in the snapshot is incomplete');
  return root;
}

export function removeSnapshot(root: string): void {
  rmSync(root, { recursive: true, force: true });
}
