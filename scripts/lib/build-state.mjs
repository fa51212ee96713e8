// Whether dist/ holds a complete build of the current sources: shared by `npm start`
// (scripts/run-built.mjs), `npm run build -- --if-stale` and the browser suite's setup.
// dist/build-stamp is written last by scripts/build.mjs, so its presence means a complete build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const buildStampFile = path.join(projectRoot, 'dist', 'build-stamp');

/** What the build is made from: a change to any of these makes it stale. */
const SOURCES = ['src', 'migrations', 'public', 'package.json', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

export function buildState(root = projectRoot) {
  const stamp = path.join(root, 'dist', 'build-stamp');
  const isBuilt = existsSync(stamp);
  const isStale = !isBuilt || Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s)))) > statSync(stamp).mtimeMs;
  const hasBuildTools = ['esbuild', 'vite'].every((name) => existsSync(path.join(root, 'node_modules', name, 'package.json')));
  return { isBuilt, isStale, hasBuildTools };
}
