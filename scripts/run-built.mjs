// Runs an entry point of the built server in this process: `node scripts/run-built.mjs main`
// (npm start), `backup FILE`, `restore FILE`, `db-migrate [down]`. When the build is missing or
// older than the sources and the build tools are installed (a development checkout), it builds
// first, so `npm install && npm start` works on a fresh clone. Without the tools (a production
// install) a missing build is one line saying what to run, exit 1. The entry is imported here
// rather than spawned: no second long-lived Node process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { buildState } from './lib/build-state.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const entries = ['main', 'backup', 'restore', 'db-migrate'];
const entry = process.argv[2];
if (!entries.includes(entry)) {
  console.error(`usage: node scripts/run-built.mjs ${entries.join('|')} [arguments]`);
  process.exit(1);
}
// The entry reads its own arguments from process.argv[2] on, as if started directly.
process.argv.splice(2, 1);

const { isBuilt, isStale, hasBuildTools } = buildState(root);

if (isStale && hasBuildTools) {
  console.error(isBuilt ? 'Sources changed since the last build: building...' : 'No build yet: building the client and the server...');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Cannot start: the build failed (see above).');
    process.exit(1);
  }
} else if (!isBuilt) {
  console.error(
    'Cannot start: the site is not built; run `npm ci && npm run build` (the build needs the dev dependencies), then start again.',
  );
  process.exit(1);
}

if (entry === 'main') {
  process.env.NODE_ENV ??= 'production';
  // V8 favours speed over memory by default; for a small shop's site memory is what runs out
  // first (a 512 MB container, a small VM). Measured with npm run bench:startup:
  // - --optimize-for-size keeps heaps and code caches small, and 2 MB semi-spaces keep the young
  //   generation from growing to 3 x 16 MB: about 40 MB less when idle;
  // - the embedded database is PostgreSQL compiled to WebAssembly (9 MB): compiling only the
  //   functions it calls, with the optimising compiler straight away, keeps its code to what the
  //   site uses: about 30 MB less, for a slower first query.
  // Set here, before anything is compiled, so `npm start` and the container need no flags.
  for (const flag of ['--optimize-for-size', '--max-semi-space-size=2', '--wasm-lazy-compilation', '--no-liftoff']) {
    v8.setFlagsFromString(flag);
  }
}
await import(pathToFileURL(path.join(root, 'dist', 'server', `${entry}.js`)).href);
