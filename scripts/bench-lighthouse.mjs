// `npm run bench:lighthouse`: Lighthouse (mobile preset, the system Chromium) on every public page
// and the sign-in page of the built site with its demo content; prints the four category scores,
// LCP and CLS per page. CHROME_PATH overrides /usr/bin/chromium; LIGHTHOUSE_REPORTS=DIR keeps each
// page's full report there (JSON), to see what the LCP element is and what shifted.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-lighthouse-'));
const port = 22000 + Math.floor(Math.random() * 5000);
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
  ];
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
  for (const page of pages) {
    const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const { categories, audits, runtimeError } = result.lhr;
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${page.replace(/\//g, '_') || '_'}.json`), JSON.stringify(result.lhr));
    }
    if (runtimeError) {
      console.log(`| ${page} | Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message} | | | | | |`);
      continue;
    }
    const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
    console.log(
      `| ${page} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${audits['largest-contentful-paint'].displayValue} | ${audits['cumulative-layout-shift'].displayValue} |`,
    );
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
