/**
 * Reads a multipart/form-data request: plain fields into an object, files streamed to temporary
 * files with each field's size limit enforced while the bytes arrive (an oversized file is
 * refused before it is stored). The caller must call `cleanup()` when done, success or not.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import type { FileStorage } from '#server/files/storage.ts';

export interface UploadedFile {
  field: string;
  path: string;
  /** The name the browser gave; only for display and Content-Disposition, never trusted. */
  filename: string;
  size: number;
}

export interface FileFieldRule {
  maxBytes: number;
  /** The error for a file over maxBytes (docs/rest-contract.md's 413 body for CVs); `index` counts from 0 in a list. */
  tooLarge: (index: number) => AppError;
  /** A list of files under one field name (quote photos): at most this many, in `fileLists`. */
  list?: { maxCount: number; tooMany: () => AppError };
}

export interface ParsedMultipart {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** The fields whose rule has `list`, in the order they arrived (an empty file part is skipped). */
  fileLists: Record<string, UploadedFile[]>;
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
  fileRules: Record<string, FileFieldRule>,
): Promise<ParsedMultipart> {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const fileLists: Record<string, UploadedFile[]> = {};
  const written: string[] = [];
  const cleanup = async () => {
    await Promise.all(written.map((file) => rm(file, { force: true })));
  };
  const largest = Math.max(1, ...Object.values(fileRules).map((r) => r.maxBytes));
  // A list field takes one part more than it allows, so the extra file is our 422, not busboy's 413.
  const fileCount = Object.values(fileRules).reduce((n, rule) => n + (rule.list ? rule.list.maxCount + 1 : 1), 0);
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
      if (!rule) {
        part.file.resume(); // a file nobody asked for is read past, not stored
        continue;
      }
      const list = rule.list ? (fileLists[part.fieldname] ??= []) : undefined;
      const index = list?.length ?? 0;
      if (list && index >= rule.list!.maxCount) throw rule.list!.tooMany();
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
      if (limit.bytes === 0) {
        // An empty file input (no file chosen) is the same as no file.
        continue;
      }
      const file = { field: part.fieldname, path: tempPath, filename: part.filename || 'file', size: limit.bytes };
      if (list) list.push(file);
      else files[part.fieldname] = file;
    }
  } catch (error) {
    await cleanup();
    discardRestOfBody(request);
    throw error;
  }
  return { fields, files, fileLists, cleanup };
}
