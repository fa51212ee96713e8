/**
 * How a version's fields are compared: text as a word-level diff (jsdiff diffWords),
 * rich text compared as its text, pictures as thumbnails, a gallery's images as a row of
 * thumbnails with their alt text and link. Pure, so the server's render and the browser's agree.
 */
import { diffWords } from 'diff';
import type { ContentKind } from '#shared/value-sets.ts';
import { textOfHtml } from '#client/pages/admin/text-of-html.ts';

export interface Word {
  value: string;
  change: 'same' | 'added' | 'removed';
}

export interface GalleryImageEntry {
  image_id: number;
  alt: string;
  link: string | null;
}

export type FieldComparison =
  | { key: string; label: string; type: 'text'; left: Word[]; right: Word[] }
  | { key: string; label: string; type: 'image'; left: number | null; right: number | null }
  | { key: string; label: string; type: 'images'; left: GalleryImageEntry[]; right: GalleryImageEntry[] };

const LABELS: Record<string, string> = {
  name: 'Name',
  type: 'Type',
  html: 'Content',
  alt: 'Alternative text',
  image_id: 'Image',
  url: 'Page address',
  hidden: 'Hidden',
  cover_image_id: 'Cover',
  images: 'Images',
  score: 'Score',
  review: 'Review',
};

/** Rich-text fields: compared as their text. */
const RICH_TEXT = new Set(['html', 'review']);

function labelOf(key: string): string {
  if (LABELS[key]) return LABELS[key];
  // The shop record's camelCase keys: "openingHours" → "Opening hours".
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as readable text: lists one per line, objects as "key: value" lines. */
function textOf(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return RICH_TEXT.has(key) ? textOfHtml(value, Number.MAX_SAFE_INTEGER) : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => textOf(key, item)).join('\n');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => {
      const inner = textOf(k, v);
      return `${labelOf(k)}: ${inner.includes('\n') ? inner.split('\n').join('; ') : inner}`;
    })
    .join('\n');
}

function wordDiff(before: string, after: string): { left: Word[]; right: Word[] } {
  const parts = diffWords(before, after);
  const left: Word[] = [];
  const right: Word[] = [];
  for (const part of parts) {
    if (part.added) right.push({ value: part.value, change: 'added' });
    else if (part.removed) left.push({ value: part.value, change: 'removed' });
    else {
      left.push({ value: part.value, change: 'same' });
      right.push({ value: part.value, change: 'same' });
    }
  }
  return { left, right };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between a version (left) and the current item (right), in the item's order. */
export function compareVersion(kind: ContentKind, version: Record<string, unknown>, current: Record<string, unknown>): FieldComparison[] {
  const keys = [...new Set([...Object.keys(current), ...Object.keys(version)])];
  const fields: FieldComparison[] = [];
  for (const key of keys) {
    const left = version[key];
    const right = current[key];
    if (same(left, right)) continue;
    const label = labelOf(key);
    if (key.endsWith('image_id')) {
      fields.push({ key, label, type: 'image', left: (left as number | null) ?? null, right: (right as number | null) ?? null });
    } else if (kind === 'gallery' && key === 'images') {
      fields.push({ key, label, type: 'images', left: (left as GalleryImageEntry[]) ?? [], right: (right as GalleryImageEntry[]) ?? [] });
    } else {
      fields.push({ key, label, type: 'text', ...wordDiff(textOf(key, left), textOf(key, right)) });
    }
  }
  return fields;
}
