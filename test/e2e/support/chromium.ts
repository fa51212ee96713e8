/**
 * Where the browser lives. Debian's Chromium by default; CHROMIUM_PATH overrides it. The e2e config
 * and the global setup both ask this module, so "is there a browser?" has one answer.
 */
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function hasChromium(): boolean {
  return existsSync(chromiumPath);
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
