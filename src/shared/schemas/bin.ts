// The bin: galleries, testimonials and widgets deleted in the last BIN_KEEP_DAYS days
// (src/server/bin/bin.router.ts).
import { z } from 'zod';
import { messages } from '#shared/validation.ts';
import { idField } from '#shared/schemas/content-inputs.ts';

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

export const binListSchema = z.object({ data: z.array(binItemSchema), keep_days: z.number().int() });
export type BinList = z.infer<typeof binListSchema>;
