/** Folders the e2e harness shares between the main process (global setup) and the test files. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const artefactsRoot = path.join(projectRoot, 'test-results', 'e2e');
