/**
 * Reads a multipart/form-data request: plain fields into an object, files streamed to temporary
 * files with each part's size limit (uploads.ts `FileRule`) enforced while the bytes arrive (an
 * oversized file is refused before it is stored). A file under a part name the procedure does not
 * take is a 422 naming the part, never dropped unseen. The caller must call `cleanup()` when done,
 * success or not.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import type { FileStorage } from '#server/files/storage.ts';
import type { FileRule, UploadedFile } from '#server/uploads.ts';
import { messages } from '#shared/validation.ts';

export interface ParsedMultipart {
  fields: Record<string, string>;
  /** Each part's files in the order they arrived (an empty file part is skipped). */
  files: Record<string, UploadedFile[]>;
  cleanup(): Promise<void>;
}

/** Plain fields of one request: at most this many, and this many bytes together (the JSON body limit). */
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 1024 * 1024;

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

class SizeLimit extends Transform {
  bytes = 0;
  constructor(
    private readonly max: number,
    private readonly onTooLarge: () => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.max) done(this.onTooLarge());
    else done(null, chunk);
  }
}

/**
 * A body refused part-way (a file over its limit, a full disk) is still arriving: read and drop the
 * rest, so the client, still sending, receives the answer. Left piped into the parser that stopped,
 * the body stalls and the client gets a reset connection instead of the 413 or 507.
 */
function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

export async function readMultipart(
  request: FastifyRequest,
  storage: FileStorage,
  fileRules: Record<string, FileRule>,
): Promise<ParsedMultipart> {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile[]> = {};
  const written: string[] = [];
  const cleanup = async () => {
    await Promise.all(written.map((file) => rm(file, { force: true })));
  };
  const largest = Math.max(1, ...Object.values(fileRules).map((r) => r.maxBytes));
  // A list part takes one file more than it allows, so the extra file is our 422, not busboy's 413;
  // and one more part overall, so a file under a name nobody takes is our 422 naming it.
  const takesFiles = Object.keys(fileRules).length > 0;
  const fileCount = Object.values(fileRules).reduce((n, rule) => n + (rule.list ? rule.list.maxCount + 1 : 1), takesFiles ? 1 : 0);
  let fieldBytes = 0;
  try {
    await mkdir(storage.tmpDir, { recursive: true });
    // A path without files takes no file part at all (busboy's files limit answers 413), and the
    // plain fields of any path together stay within the JSON body limit, held in memory.
    const parts = request.parts({
      limits: { fileSize: largest + 1, files: fileCount, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + fileCount },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fieldBytes += part.fieldname.length + (typeof part.value === 'string' ? part.value.length : 0);
        if (part.valueTruncated || part.fieldnameTruncated || fieldBytes > MAX_FIELD_BYTES) throw AppError.payloadTooLarge();
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const rule = fileRules[part.fieldname];
      if (!rule) throw AppError.field(part.fieldname, messages.fileNotTaken(part.fieldname));
      const list = (files[part.fieldname] ??= []);
      const index = list.length;
      if (index >= (rule.list?.maxCount ?? 1)) throw rule.list ? rule.list.tooMany() : AppError.payloadTooLarge();
      const tempPath = storage.newTempPath();
      written.push(tempPath);
      const limit = new SizeLimit(rule.maxBytes, () => rule.tooLarge(index));
      try {
        await pipeline(part.file, limit, createWriteStream(tempPath));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw rule.tooLarge(index);
        throw error;
      }
      if (part.file.truncated) throw rule.tooLarge(index);
      // An empty file input (no file chosen) is the same as no file.
      if (limit.bytes > 0) list.push({ field: part.fieldname, path: tempPath, filename: part.filename || 'file', size: limit.bytes });
    }
  } catch (error) {
    await cleanup();
    discardRestOfBody(request);
    throw error;
  }
  return { fields, files, cleanup };
}
