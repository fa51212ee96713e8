// The bin: galleries, testimonials and widgets deleted in the last BIN_KEEP_DAYS days
// (src/server/bin/bin.router.ts).
import { z } from 'zod';
import { messages } from '#shared/validation.ts';
import { idField } from '#shared/schemas/content-inputs.ts';
import { cursorField, limitField } from '#shared/schemas/paging.ts';

import { BIN_KINDS } from '#shared/value-sets.ts';

export { BIN_KINDS, BIN_KIND_LABELS, type BinKind } from '#shared/value-sets.ts';

export const binItemInput = z.object({ kind: z.enum(BIN_KINDS, { error: messages.in('kind') }), id: idField() });
export type BinItemInput = z.infer<typeof binItemInput>;

export const binItemSchema = z.object({
  kind: z.enum(BIN_KINDS),
  id: z.number().int(),
  name: z.string(),
  /** A gallery's images (they come back with it). */
  image_count: z.number().int().nullable(),
  deleted_at: z.string(),
  /** Who moved it to the bin; null when that account is gone. */
  deleted_by: z.string().nullable(),
  /** When the emptying job deletes it for good. */
  purge_after: z.string(),
});
export type BinItem = z.infer<typeof binItemSchema>;

/** A page of the bin, most recently deleted first (docs/decisions/keyset-paging-of-admin-lists.md). */
export const binListInput = z.object({ limit: limitField(), cursor: cursorField }).optional();
export type BinListInput = z.infer<typeof binListInput>;

/** The rows of one page when the request names no limit. */
export const BIN_PAGE_SIZE = 100;

export const binListSchema = z.object({
  data: z.array(binItemSchema),
  keep_days: z.number().int(),
  /** The next page's cursor; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type BinList = z.infer<typeof binListSchema>;
