/**
 * useJourney(): the per-file harness. beforeAll starts a fresh server (own database and DATA_DIR)
 * and connects to the run's Chromium (global-setup.ts; a Chromium of its own when none was
 * provided); every test gets a new browser context and page at the journey's viewport.
 * When a test fails, afterEach keeps a screenshot of every open page and the console log of the
 * failing step in test-results/e2e/<file>/<test>/ (and the server log once per file). afterAll and
 * the process exit handlers stop the server and the browser whatever happens.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { ApiClient } from './api.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { artefactsRoot } from './paths.ts';
import { startServer, type RunningServer } from './server.ts';

export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Default time a single wait may take; the machine is shared, so be generous but finite. */
export const STEP_TIMEOUT_MS = 15_000;

export interface JourneyOptions {
  viewport?: { width: number; height: number };
  /** Only for the axe pages: lets axe-core be added as a script despite the site's CSP. */
  bypassCSP?: boolean;
  /** Variables added to the server's environment (a delay shortened for the journey). */
  env?: Record<string, string>;
}

interface TrackedPage {
  page: Page;
  label: string;
}

export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Another context (own cookies), e.g. a phone-sized one; it is screenshotted and closed too. */
  newContext(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** Names the step in the console log, so a failure says where it happened. */
  step<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** A fresh REST client against this server. */
  api(): ApiClient;
  /** A REST client signed in as the seeded admin. */
  adminApi(): Promise<ApiClient>;
  url(pathname: string): string;
}

function safeName(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'test'
  );
}

/**
 * A server-rendered page is on screen before its JavaScript runs (src/client/main.tsx loads it
 * after the first paint), so a step that acts at once could click a button nothing listens to yet.
 * After page.goto and page.reload, the journeys wait until the app has marked the document
 * interactive (`<html data-interactive>`, src/client/start.tsx). A page without the app (the API
 * documentation, a file) has no #root and is not waited for.
 */
function waitForInteractiveAfterLoads(p: Page): void {
  const untilInteractive = () =>
    p.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-interactive'));
  const goto = p.goto.bind(p);
  const reload = p.reload.bind(p);
  p.goto = async (...args) => {
    const response = await goto(...args);
    await untilInteractive();
    return response;
  };
  p.reload = async (...args) => {
    const response = await reload(...args);
    await untilInteractive();
    return response;
  };
}

/**
 * A finished download's bytes. Read as a stream: the run's shared browser is connected remotely,
 * where Playwright keeps no local path for a download.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The run's shared Chromium when global setup launched one; closing a connected browser only disconnects. */
function openBrowser(): Promise<Browser> {
  const endpoint = inject('e2eBrowserEndpoint');
  if (endpoint) return chromium.connect(endpoint, { timeout: 60_000 });
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 60_000 });
}

export function useJourney(testFile: string, options: JourneyOptions = {}): Journey {
  const fileLabel = safeName(path.basename(testFile).replace(/\.test\.ts$/, ''));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let contexts: BrowserContext[] = [];
  let pages: TrackedPage[] = [];
  let log: string[] = [];
  /** Uncaught exceptions in the pages of the current test: each one fails the test. */
  let pageErrors: string[] = [];
  let currentStep = '(setup)';
  let anyFailed = false;
  const started = Date.now();

  const stamp = () => `${((Date.now() - started) / 1000).toFixed(2).padStart(7)}s`;

  function watch(p: Page, label: string, runsScripts = true): void {
    pages.push({ page: p, label });
    if (runsScripts) waitForInteractiveAfterLoads(p);
    p.setDefaultTimeout(STEP_TIMEOUT_MS);
    p.setDefaultNavigationTimeout(30_000);
    p.on('console', (m) => log.push(`${stamp()} [${label}] console.${m.type()}: ${m.text()}`));
    p.on('pageerror', (e) => {
      log.push(`${stamp()} [${label}] page error: ${e.stack ?? e.message}`);
      pageErrors.push(`[${label}] ${p.url()}: ${e.message}`);
    });
    p.on('requestfailed', (r) =>
      log.push(`${stamp()} [${label}] request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
    );
    p.on('response', (r) => {
      if (r.status() >= 400) log.push(`${stamp()} [${label}] HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    p.on('framenavigated', (f) => {
      if (f === p.mainFrame()) log.push(`${stamp()} [${label}] navigated to ${f.url()}`);
    });
  }

  async function openContext(extra: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    if (!browser) throw new Error('the browser is not running');
    const ctx = await browser.newContext({
      viewport: options.viewport ?? DESKTOP,
      bypassCSP: options.bypassCSP ?? false,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      reducedMotion: 'no-preference',
      ...extra,
    });
    contexts.push(ctx);
    // The tests never leave the machine: external embeds (the contact map, videos) are refused.
    await ctx.route(
      (url) => url.hostname !== '127.0.0.1' && url.protocol.startsWith('http'),
      (route) => route.abort('blockedbyclient'),
    );
    const p = await ctx.newPage();
    const runsScripts = extra.javaScriptEnabled !== false;
    watch(p, `page${pages.length + 1}`, runsScripts);
    ctx.on('page', (popup) => watch(popup, `page${pages.length + 1}`, runsScripts));
    return { context: ctx, page: p };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate'), ...(options.env ? { env: options.env } : {}) }),
      openBrowser(),
    ]);
  });

  afterAll(async () => {
    try {
      if (anyFailed && server) {
        const dir = path.join(artefactsRoot, fileLabel);
        mkdirSync(dir, { recursive: true });
        try {
          copyFileSync(server.logFile, path.join(dir, 'server.log'));
        } catch {
          // no log written
        }
      }
    } finally {
      await Promise.allSettled([browser?.close(), server?.stop()]);
    }
  });

  beforeEach(async () => {
    log = [];
    pageErrors = [];
    pages = [];
    contexts = [];
    currentStep = '(start of test)';
    ({ context, page } = await openContext());
  });

  afterEach(async (ctx) => {
    const uncaught = ctx.task.result?.state !== 'fail' && pageErrors.length > 0 ? [...pageErrors] : [];
    try {
      if (ctx.task.result?.state === 'fail' || uncaught.length > 0) {
        anyFailed = true;
        const dir = path.join(artefactsRoot, fileLabel, safeName(ctx.task.name));
        mkdirSync(dir, { recursive: true });
        for (const [index, tracked] of pages.entries()) {
          if (tracked.page.isClosed()) continue;
          await tracked.page
            .screenshot({
              path: path.join(dir, index === 0 ? 'screenshot.png' : `screenshot-${tracked.label}.png`),
              fullPage: false,
              timeout: 10_000,
            })
            .catch((e: unknown) => log.push(`screenshot of ${tracked.label} failed: ${String(e)}`));
          log.push(`${stamp()} [${tracked.label}] url at failure: ${tracked.page.url()}`);
        }
        const errors = [
          ...(ctx.task.result?.errors ?? []).map((e) => e.stack ?? e.message),
          ...uncaught.map((e) => `uncaught in the page: ${e}`),
        ].join('\n\n');
        writeFileSync(
          path.join(dir, 'console.log'),
          `test: ${ctx.task.name}\nfailing step: ${currentStep}\n\n${log.join('\n')}\n\nerror:\n${errors}\n`,
        );
      }
    } finally {
      await Promise.allSettled(contexts.map((c) => c.close()));
      contexts = [];
    }
    if (uncaught.length > 0) throw new Error(`uncaught exception in the page:\n${uncaught.join('\n')}`);
  });

  return {
    get server() {
      if (!server) throw new Error('the server is not running');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running');
      return browser;
    },
    get context() {
      if (!context) throw new Error('no browser context (used outside a test?)');
      return context;
    },
    get page() {
      if (!page) throw new Error('no page (used outside a test?)');
      return page;
    },
    newContext: openContext,
    async step(name, fn) {
      currentStep = name;
      log.push(`${stamp()} ---- step: ${name}`);
      return fn();
    },
    api() {
      if (!server) throw new Error('the server is not running');
      return new ApiClient(server.baseUrl);
    },
    async adminApi() {
      if (!server) throw new Error('the server is not running');
      const client = new ApiClient(server.baseUrl);
      await client.login(server.adminEmail, server.adminPassword);
      return client;
    },
    url(pathname) {
      if (!server) throw new Error('the server is not running');
      return new URL(pathname, server.baseUrl).toString();
    },
  };
}
