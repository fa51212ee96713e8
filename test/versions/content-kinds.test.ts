/**
 * A content kind cannot be half-added: every CONTENT_KINDS value has one adapter of its own kind
 * with every operation the history needs, the bin's for each kind in BIN_KINDS and a draft's for
 * each in DRAFT_KINDS (content-kinds.ts also refuses a missing one at compile time).
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_KIND_LIST, contentKind } from '#server/versions/content-kinds.ts';
import { DRAFT_KINDS } from '#shared/schemas/versions.ts';
import { BIN_KINDS, CONTENT_KINDS } from '#shared/value-sets.ts';

describe('the list of content kinds', () => {
  it('has one adapter per kind, in CONTENT_KINDS order, each with every operation it needs', () => {
    expect(CONTENT_KIND_LIST.map((adapter) => adapter.kind)).toEqual([...CONTENT_KINDS]);
    for (const kind of CONTENT_KINDS) {
      const adapter = contentKind(kind);
      expect(adapter.kind).toBe(kind);
      for (const operation of ['label', 'read', 'lock', 'writeBack', 'imagesOf'] as const) {
        expect(typeof adapter[operation], `${kind}.${operation}`).toBe('function');
      }
      const binOperations = ['list', 'idsBinnedBefore', 'isBinned', 'restore', 'purge'] as const;
      if ((BIN_KINDS as readonly string[]).includes(kind)) {
        for (const operation of binOperations) expect(typeof adapter.bin?.[operation], `${kind}.bin.${operation}`).toBe('function');
      } else {
        expect(adapter.bin, `${kind} has no bin`).toBeUndefined();
      }
      if ((DRAFT_KINDS as readonly string[]).includes(kind)) {
        for (const operation of ['fromInput', 'overlay'] as const) {
          expect(typeof adapter.draft?.[operation], `${kind}.draft.${operation}`).toBe('function');
        }
      } else {
        expect(adapter.draft, `${kind} has no draft`).toBeUndefined();
      }
    }
  });
});
