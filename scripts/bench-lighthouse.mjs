// `npm run bench:lighthouse`: Lighthouse (mobile preset, the system Chromium) on every public page
// and the sign-in page of the built site with its demo content; prints the four category scores,
// LCP and CLS per page, from the median of LIGHTHOUSE_RUNS audits (3). CHROME_PATH overrides
// /usr/bin/chromium; LIGHTHOUSE_REPORTS=DIR keeps each page's median report there (JSON), to see what
// the LCP element is and what shifted; LIGHTHOUSE_PAGES=/services,/galleries audits only the pages
// whose path starts with one of those.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const server = spawn(process.execPath, [path.join(root, 'scripts', 'run-built.mjs'), 'main'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: base,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password',
    DATABASE_URL: '',
  },
  stdio: 'ignore',
});
let chrome;
try {
  for (;;) {
    const status = await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (server.exitCode !== null) throw new Error('the site did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const galleries = await (await fetch(`${base}/api/galleries?hidden=false`)).json();
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const pages = [
    '/',
    '/about',
    '/services',
    '/galleries',
    `/galleries/${galleries.results[0].id}`,
    '/contact',
    '/legal/terms',
    '/legal/privacy',
    '/login',
  ].filter((page) => !only || only.some((prefix) => page === prefix || (prefix !== '/' && page.startsWith(prefix))));
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // The first audit in a fresh browser sometimes fails to trace the page: one warm-up, discarded.
  await lighthouse(`${base}/`, { port: chrome.port, output: 'json', logLevel: 'error' });
  console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS |');
  console.log('|---|---|---|---|---|---|---|');
  // Lighthouse's simulated mobile network swings a page's LCP by a second from one run to the
  // next: each page is audited RUNS times and its median run (by performance score) is printed, as
  // Lighthouse's own documentation advises. A run Lighthouse could not trace is retried, once.
  for (const page of pages) {
    const runs = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 1; attempt++) {
      const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result.lhr.runtimeError) runs.push(result.lhr);
      else console.error(`${page}: Lighthouse could not measure it (${result.lhr.runtimeError.code}); once more`);
    }
    if (runs.length === 0) {
      console.log(`| ${page} | Lighthouse could not measure it | | | | | |`);
      continue;
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    const { categories, audits } = lhr;
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${page.replace(/\//g, '_') || '_'}.json`), JSON.stringify(lhr));
    }
    const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
    const lcps = runs.map((r) => (r.audits['largest-contentful-paint'].numericValue / 1000).toFixed(1)).join(', ');
    console.log(
      `| ${page} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${audits['largest-contentful-paint'].displayValue} (runs: ${lcps} s) | ${audits['cumulative-layout-shift'].displayValue} |`,
    );
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
