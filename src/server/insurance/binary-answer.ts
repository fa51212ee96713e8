// A file answered by a procedure on the REST door (meta.rest.contentType): its bytes as a stream,
// described in the OpenAPI document as the binary it is (rest/rest-plugin.ts sends it as it is).
import { z } from 'zod';
import type { Readable } from 'node:stream';

export const binaryAnswer = z
  .custom<Readable>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v)
  .meta({ type: 'string', format: 'binary' });

/** `attachment; filename="…"` for a name of plain ASCII letters, digits, dots and dashes. */
export function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
