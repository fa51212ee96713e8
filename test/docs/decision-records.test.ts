// Decision records (docs/decisions): each carries its date and status, and the index lists it
// with the same status, so a newcomer can tell which records still hold.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(folder).filter((name) => name.endsWith('.md') && name !== 'README.md' && name !== 'template.md');
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

describe('decision records', () => {
  it('there are records to check', () => {
    expect(records.length).toBeGreaterThan(20);
  });

  it.each(records)('%s has a title, a date and a status', (name) => {
    const lines = readFileSync(path.join(folder, name), 'utf8').split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines).toContainEqual(expect.stringMatching(/^Date: \d{4}-\d{2}-\d{2}$/));
    const status = lines.find((line) => line.startsWith('Status: '));
    expect(status).toMatch(/^Status: (accepted|superseded by \[[^\]]+\]\(([a-z0-9-]+\.md)\))$/);
    const successor = /\(([a-z0-9-]+\.md)\)$/.exec(status!)?.[1];
    if (successor) expect(existsSync(path.join(folder, successor))).toBe(true);
  });

  it.each(records)('the index lists %s with its date and status', (name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    const date = /^Date: (.+)$/m.exec(text)![1];
    const status = /^Status: (.+)$/m.exec(text)![1];
    const row = index.split('\n').find((line) => line.includes(`](${name})`));
    expect(row, `docs/decisions/README.md has no row for ${name}`).toBeDefined();
    expect(row).toContain(`| ${date} |`);
    expect(row).toContain(`| ${status} |`);
  });
});
