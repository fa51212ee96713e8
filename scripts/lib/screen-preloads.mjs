// What a screen the browser renders (account, admin, confirm password) needs before it can show
// anything: the application (start.tsx), the screen's chunk and its area's layout, each with every
// chunk it imports. Written by the build beside the client (dist/client/screen-preloads.json) from
// Vite's manifest and the lazy map of src/client/routing/screen-components.tsx; the page shell turns it into
// `<link rel="modulepreload">`s, so the browser fetches them all while it reads the HTML instead of
// one import after another (src/server/public-content/page-shell.ts).
import { readFileSync } from 'node:fs';

/**
 * Each chunk `key` loads before it runs (its static imports, transitively) and the stylesheets
 * Vite would add for them, as `/assets/…` paths.
 */
function chunksOf(manifest, key, into = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`screen-preloads: Vite's manifest has no ${key}`);
  if (into.has(`/${entry.file}`)) return into;
  into.add(`/${entry.file}`);
  for (const css of entry.css ?? []) into.add(`/${css}`);
  for (const imported of entry.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

/** The screens' modules by id, read off the lazy map's lines (`home: lazyScreen(async () => … import('#client/pages/…'))`). */
export function screenModules(screensSource) {
  const modules = {};
  for (const [, id, module] of screensSource.matchAll(/^\s*(\w+): lazyScreen\(.*?import\('#client\/(pages\/[^']+)'\)/gm))
    modules[id] = module;
  return modules;
}

export function screenPreloads(manifestFile, screensFile) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const start = [...chunksOf(manifest, 'start.tsx')];
  const startSet = new Set(start);
  const without = (files) => [...files].filter((file) => !startSet.has(file));
  const screens = Object.fromEntries(
    Object.entries(screenModules(readFileSync(screensFile, 'utf8'))).map(([id, module]) => [id, without(chunksOf(manifest, module))]),
  );
  const areas = {
    account: without(chunksOf(manifest, 'pages/account/account-area.tsx')),
    admin: without(chunksOf(manifest, 'pages/admin/admin-area.tsx')),
  };
  return { start, screens, areas };
}
