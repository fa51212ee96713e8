/**
 * Runs once before the fault suite: builds and seeds once, as for the browser journeys
 * (test/e2e/support/built-site-setup.ts), so each file starts real servers with startServer().
 */
import type { TestProject } from 'vitest/node';
import { prepareBuiltSite } from '../../e2e/support/built-site-setup.ts';

export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return prepareBuiltSite(project);
}
