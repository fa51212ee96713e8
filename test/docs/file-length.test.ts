// No source file over 300 lines, so each reads in one sitting: split by what the parts do. The route
// table and the demo content are lists, read entry by entry, and may be longer.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';

const MAX_LINES = 300;
const LISTS = new Set(['src/shared/screens.ts', 'src/server/db/seed/demo-content.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines, the route table and the demo content aside`, () => {
    const files = sourceFiles(path.join(projectRoot, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({
        file: path.relative(projectRoot, file).split(path.sep).join('/'),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ file, lines }) => lines > MAX_LINES && !LISTS.has(file));
    expect(long).toEqual([]);
  });

  it('still finds the listed exceptions, so the list cannot outlive them', () => {
    for (const file of LISTS) expect(readFileSync(path.join(projectRoot, file), 'utf8').length).toBeGreaterThan(0);
  });
});
