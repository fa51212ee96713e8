/**
 * What every suite of real server processes needs once, in vitest's main process (the browser
 * journeys' and the fault suite's global setups call it):
 * - builds the site when dist/ is missing or older than its sources, and snapshots what the
 *   built server runs (snapshot.ts), then seeds one template DATA_DIR that each file copies;
 * - kills any server a crashed test worker left behind (each one registers its process group in a
 *   folder of this run).
 * Returns the teardown.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, removeTemplate, type ServerTemplate } from './server.ts';
import { buildIfStale, createSnapshot, removeSnapshot } from './snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePidsDir: string;
    e2eTemplate: ServerTemplate;
    e2eAppRoot: string;
    /** The run's Chromium (e2e global setup only; the fault suite launches none). */
    e2eBrowserEndpoint: string;
  }
}

function killLeftoverServers(pidsDir: string): void {
  if (!existsSync(pidsDir)) return;
  for (const name of readdirSync(pidsDir)) {
    const pgid = Number(name);
    if (Number.isInteger(pgid) && pgid > 1) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  rmSync(pidsDir, { recursive: true, force: true });
}

export async function prepareBuiltSite(project: TestProject): Promise<() => Promise<void>> {
  const pidsDir = path.join(os.tmpdir(), `bodyshop-e2e-pids-${process.pid}`);
  mkdirSync(pidsDir, { recursive: true });
  project.provide('e2ePidsDir', pidsDir);
  let appRoot: string | undefined;
  let template: ServerTemplate | undefined;
  // An interrupted run (Ctrl-C) may skip the teardown: the exit handler still cleans up.
  const onExit = () => {
    killLeftoverServers(pidsDir);
    if (template) rmSync(template.dataDir, { recursive: true, force: true });
    if (appRoot) removeSnapshot(appRoot);
  };
  process.once('exit', onExit);
  try {
    await buildIfStale();
    appRoot = await createSnapshot();
    project.provide('e2eAppRoot', appRoot);
    template = await createTemplate(appRoot);
    project.provide('e2eTemplate', template);
  } catch (error) {
    killLeftoverServers(pidsDir);
    if (appRoot) removeSnapshot(appRoot);
    throw error;
  }
  const [root, seeded] = [appRoot, template];

  return async () => {
    killLeftoverServers(pidsDir);
    process.removeListener('exit', onExit);
    await removeTemplate(seeded);
    removeSnapshot(root);
  };
}
