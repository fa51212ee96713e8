/**
 * Runs once in vitest's main process, before any e2e file:
 * - fails the run when there is no Chromium and CI=true (without CI the config already skipped it);
 * - builds and seeds once (built-site-setup.ts);
 * - launches one Chromium for the whole run, which each file connects to (journey.ts): every test
 *   has its own browser context, so files share nothing but the process, and a launch per file
 *   was a second or more of each file's fixed cost;
 * - empties test-results/e2e, and at the end prints its absolute path once when a failing step
 *   left a screenshot and console log there.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { prepareBuiltSite } from './built-site-setup.ts';
import { chromiumArgs, chromiumPath, hasChromium } from './chromium.ts';
import { artefactsRoot } from './paths.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasChromium()) {
    // Only reached with CI=true: without CI the config selects no files and says so in one line.
    throw new Error(`e2e: no Chromium at ${chromiumPath}; CI=true requires the browser suite to run (apt-get install -y chromium)`);
  }
  rmSync(artefactsRoot, { recursive: true, force: true });
  const teardown = await prepareBuiltSite(project);
  let browserServer;
  try {
    browserServer = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, timeout: 60_000 });
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('e2eBrowserEndpoint', browserServer.wsEndpoint());
  const browserRunning = browserServer;
  return async () => {
    await browserRunning.close().catch(() => {});
    await teardown();
    if (existsSync(artefactsRoot) && readdirSync(artefactsRoot).length > 0) {
      console.log(`e2e: screenshots and console logs of the failing steps are in ${artefactsRoot}`);
    }
  };
}
