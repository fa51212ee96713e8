/**
 * The running version: package.json's version, and the git commit the build was made from when
 * scripts/build.mjs could read it (it defines __BUILD_COMMIT__; a checkout run through tsx, or a
 * build without .git such as the Docker image's, has none).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '#server/paths.ts';

declare const __BUILD_COMMIT__: string | undefined;

export interface BuildInfo {
  version: string;
  commit: string | undefined;
}

let cached: BuildInfo | undefined;

export function buildInfo(): BuildInfo {
  cached ??= {
    version: (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version,
    commit: typeof __BUILD_COMMIT__ === 'string' && __BUILD_COMMIT__ ? __BUILD_COMMIT__ : undefined,
  };
  return cached;
}
