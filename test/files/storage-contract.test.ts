// The storage contract, run on both drivers: the local folder and an S3 bucket (s3rver, started
// here on 127.0.0.1). Whatever the driver, the services see the same behaviour.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, prepareStorage, type FileStorage } from '#server/files/storage.ts';
import { createS3Storage, SINGLE_PUT_MAX_BYTES } from '#server/files/s3-storage.ts';
import { AppError } from '#server/errors.ts';
import { startLocalS3, type LocalS3 } from '#test/support/s3.ts';

const silent = pino({ level: 'silent' });
let dataDir: string;
let s3: LocalS3;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-storage-'));
  await prepareStorage(dataDir);
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const drivers: [string, () => FileStorage][] = [
  ['local disk', () => createLocalStorage(dataDir)],
  ['S3 bucket', () => createS3Storage(s3.config, { tmpDir: path.join(dataDir, 'tmp'), log: silent })],
];

describe.each(drivers)('storage contract: %s', (_name, makeStorage) => {
  const key = (name: string) => `private/contract/${randomBytes(4).toString('hex')}-${name}`;

  it('passes its start-up check', async () => {
    await expect(makeStorage().check()).resolves.toBeUndefined();
  });

  it('stores a buffer and gives the same bytes back as a buffer, a stream and a size', async () => {
    const storage = makeStorage();
    const k = key('a.txt');
    await storage.putBuffer(k, Buffer.from('hello, bucket'));
    expect((await storage.read(k)).toString()).toBe('hello, bucket');
    expect(await text(await storage.openRead(k))).toBe('hello, bucket');
    expect(await storage.size(k)).toBe(13);
  });

  it('copies a file, or moves it (the temporary file goes)', async () => {
    const storage = makeStorage();
    const source = storage.newTempPath('.bin');
    await writeFile(source, 'from disk');
    const copied = key('copied.bin');
    await storage.putFile(copied, source);
    expect(existsSync(source)).toBe(true);
    const moved = key('moved.bin');
    await storage.putFile(moved, source, { move: true });
    expect(existsSync(source)).toBe(false);
    expect((await storage.read(copied)).toString()).toBe('from disk');
    expect((await storage.read(moved)).toString()).toBe('from disk');
  });

  it('stores a file larger than one request carries (multipart in the bucket) intact', async () => {
    const storage = makeStorage();
    const source = storage.newTempPath('.bin');
    const data = randomBytes(SINGLE_PUT_MAX_BYTES + 3 * 1024 * 1024);
    await writeFile(source, data);
    const k = key('large.bin');
    await storage.putFile(k, source, { move: true });
    expect(await storage.size(k)).toBe(data.length);
    expect((await storage.read(k)).equals(data)).toBe(true);
  }, 60_000);

  it('answers null or ENOENT for a missing file, and deleting it twice is fine', async () => {
    const storage = makeStorage();
    const k = key('gone.txt');
    await storage.putBuffer(k, Buffer.from('x'));
    await storage.delete(k);
    await storage.delete(k);
    expect(await storage.size(k)).toBeNull();
    await expect(storage.openRead(k)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists the keys under a prefix with when they were written and their size', async () => {
    const storage = makeStorage();
    const prefix = `private/listed-${randomBytes(4).toString('hex')}/`;
    await storage.putBuffer(`${prefix}one.txt`, Buffer.from('1'));
    await storage.putBuffer(`${prefix}deeper/two.txt`, Buffer.from('22'));
    const listed = [];
    for await (const entry of storage.list(prefix)) listed.push(entry);
    expect(listed.map((entry) => [entry.key, entry.size]).sort()).toEqual([
      [`${prefix}deeper/two.txt`, 2],
      [`${prefix}one.txt`, 1],
    ]);
    for (const entry of listed) expect(Math.abs(entry.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('gives public keys their /media URL and refuses keys outside public/ and private/', async () => {
    const storage = makeStorage();
    expect(storage.publicUrl('public/img/abc-l.webp')).toBe('/media/img/abc-l.webp');
    expect(() => storage.publicUrl('private/cvs/x.pdf')).toThrow();
    await expect(storage.putBuffer('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.putBuffer('public/../../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});

describe('the S3 driver when the bucket fails', () => {
  it('refuses to start with one line naming the bucket, for wrong credentials or an unreachable endpoint', async () => {
    // s3rver checks the access key id but not SigV4 signatures: a wrong key id stands for wrong credentials.
    const wrongKey = createS3Storage(
      { ...s3.config, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' } },
      { tmpDir: dataDir, log: silent },
    );
    await expect(wrongKey.check()).rejects.toThrow(/^S3_BUCKET bodyshop-test at http:\/\/127\.0\.0\.1:\d+ cannot be written \(.+\)$/);
    const noBucket = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' }, { tmpDir: dataDir, log: silent });
    await expect(noBucket.check()).rejects.toThrow(/^S3_BUCKET no-such-bucket .+cannot be written/);
    const nowhere = createS3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:1' }, { tmpDir: dataDir, log: silent });
    await expect(nowhere.check()).rejects.toThrow(/^S3_BUCKET bodyshop-test at http:\/\/127\.0\.0\.1:1 cannot be written \(.+\)$/);
  }, 30_000);

  it('turns a failed upload or read into the 503 AppError with a message', async () => {
    const nowhere = createS3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:1' }, { tmpDir: dataDir, log: silent });
    const error = await nowhere.putBuffer('public/img/x-l.webp', Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).httpStatus).toBe(503);
    expect((error as AppError).message).toMatch(/^File storage is unavailable/);
    await expect(nowhere.read('public/img/x-l.webp')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  }, 30_000);
});
