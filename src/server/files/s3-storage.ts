/**
 * File storage in an S3 bucket (S3_BUCKET; AWS or any S3-compatible server through S3_ENDPOINT),
 * behind the same interface as the local folder (storage.ts), so every copy of the site serves
 * every upload. Loaded only when S3_BUCKET is set.
 *
 * Files up to 16 MiB go up in one PutObject; larger ones in 8 MiB parts (a failed multipart
 * upload is aborted, so no half object or hidden parts remain). Bodies are buffers, never
 * streams: every S3-compatible server accepts a plain signed PUT, not all accept chunked
 * streaming uploads. Public objects carry the same year-long immutable Cache-Control /media
 * sends, for S3_PUBLIC_URL. A bucket that fails mid-request becomes a 503 with a message
 * (AppError UNAVAILABLE), logged here with the cause.
 */
import { open, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Config } from '#server/config/storage-config.ts';
import { AppError } from '#server/errors.ts';
import { assertStorageKey, contentTypeOf, mediaUrl, newTempPathIn, type FileStorage } from './file-storage.ts';

export const SINGLE_PUT_MAX_BYTES = 16 * 1024 * 1024;
const PART_BYTES = 8 * 1024 * 1024;
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

function describe(error: unknown): string {
  const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return [e.name, e.code, status ? `HTTP ${status}` : undefined, e.message].filter(Boolean).join(': ') || String(error);
}

export function createS3Storage(config: S3Config, options: { tmpDir: string; log: FastifyBaseLogger }): FileStorage {
  // The pinned SDK runs on Node 20 (package.json engines); its seven-line notice that later SDK
  // versions will not would break the one-line start-up messages and logs on every start. The
  // SDK reads only this variable to silence it; an upgrade meets the requirement in package.json.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable bucket fails a request in seconds, not minutes.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
    maxAttempts: 2,
  });
  const Bucket = config.bucket;

  /** Runs one call; a failure other than "no such object" becomes the 503 the user sees. */
  async function call<T>(what: string, key: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      unavailable(what, key, error);
    }
  }

  function unavailable(what: string, key: string, error: unknown): never {
    if (error instanceof AppError) throw error;
    options.log.error({ err: error, key, bucket: Bucket }, `file storage: ${what} failed`);
    throw AppError.storageUnavailable();
  }

  function objectHeaders(key: string) {
    return {
      ContentType: contentTypeOf(key),
      ...(key.startsWith('public/') ? { CacheControl: PUBLIC_CACHE_CONTROL } : {}),
    };
  }

  async function putBuffer(key: string, data: Buffer): Promise<void> {
    assertStorageKey(key);
    await call('upload', key, () => client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ...objectHeaders(key) })));
  }

  async function putLargeFile(key: string, sourcePath: string, size: number): Promise<void> {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ...objectHeaders(key) }));
    const file = await open(sourcePath, 'r');
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const buffer = Buffer.allocUnsafe(PART_BYTES);
      for (let offset = 0, PartNumber = 1; offset < size; offset += PART_BYTES, PartNumber += 1) {
        const { bytesRead } = await file.read(buffer, 0, Math.min(PART_BYTES, size - offset), offset);
        // The SDK may keep the body until the request ends; a copy per part keeps the bytes stable.
        const Body = Buffer.from(buffer.subarray(0, bytesRead));
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body }));
        parts.push({ ETag, PartNumber });
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw error;
    } finally {
      await file.close();
    }
  }

  return {
    tmpDir: options.tmpDir,
    publicRoot: undefined,
    newTempPath: (suffix = '') => newTempPathIn(options.tmpDir, suffix),
    async putFile(key, sourcePath, putOptions = {}) {
      assertStorageKey(key);
      const { size } = await stat(sourcePath);
      await call('upload', key, async () => {
        if (size <= SINGLE_PUT_MAX_BYTES) {
          const file = await open(sourcePath, 'r');
          const data = await file.readFile().finally(() => file.close());
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ...objectHeaders(key) }));
        } else {
          await putLargeFile(key, sourcePath, size);
        }
      });
      if (putOptions.move) await rm(sourcePath, { force: true });
    },
    putBuffer,
    async read(key) {
      assertStorageKey(key);
      return call('read', key, async () => {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await Body!.transformToByteArray());
      });
    },
    async openRead(key) {
      assertStorageKey(key);
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw Object.assign(new Error(`No such file: ${key}`), { code: 'ENOENT' });
        unavailable('read', key, error);
      }
    },
    async size(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        unavailable('look-up', key, error);
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await call('delete', key, () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    publicUrl: mediaUrl,
    directPublicUrl(key) {
      if (!config.publicUrl) return undefined;
      assertStorageKey(key);
      return `${config.publicUrl}/${key}`;
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await call('listing', prefix, () =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(ContinuationToken ? { ContinuationToken } : {}) })),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(), size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      // A write, a read and a delete: wrong credentials or a read-only key fail here, not on the
      // first upload.
      const probe = `private/.start-probe-${randomBytes(6).toString('hex')}`;
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: Buffer.from('ok') }));
        await client.send(new HeadObjectCommand({ Bucket, Key: probe }));
        await client.send(new DeleteObjectCommand({ Bucket, Key: probe }));
      } catch (error) {
        const where = config.endpoint ? ` at ${config.endpoint}` : '';
        throw new Error(`S3_BUCKET ${Bucket}${where} cannot be written (${describe(error)})`);
      }
    },
  };
}
