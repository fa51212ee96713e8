// Every form in src/client posts (method="post" and an action), so a submit before the script has
// taken over never sends what was typed in a URL (src/shared/native-forms.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const clientDir = path.resolve(import.meta.dirname, '../../src/client');

/** Each `<form …>` opening tag of a source file (comments aside) without both a post method and an action. */
export function formsThatDoNotPost(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const tags = code.match(/<form(?=[\s>])[^>]*>/g) ?? [];
  return tags.filter((tag) => !/\smethod="post"/.test(tag) || !/\saction=/.test(tag));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

describe('every client form posts', () => {
  it('finds a form without method="post" or an action (a planted case)', () => {
    expect(formsThatDoNotPost('<form onSubmit={onSubmit}>')).toHaveLength(1);
    expect(formsThatDoNotPost('<form method="get" action="/login">')).toHaveLength(1);
    expect(formsThatDoNotPost('<form method="post" onSubmit={x}>')).toHaveLength(1);
    expect(formsThatDoNotPost('<form\n  method="post"\n  action={NATIVE_FORM_PATHS.login}\n  onSubmit={x}\n>')).toHaveLength(0);
  });

  it('every <form> in src/client has method="post" and an action', () => {
    const files = sourceFiles(clientDir);
    const offenders = files.flatMap((file) =>
      formsThatDoNotPost(readFileSync(file, 'utf8')).map((tag) => `${path.relative(clientDir, file)}: ${tag}`),
    );
    expect(files.some((file) => readFileSync(file, 'utf8').includes('<form'))).toBe(true);
    expect(offenders).toEqual([]);
  });
});
