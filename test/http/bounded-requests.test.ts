// Bounded requests: the server's timeouts, a body that arrives too slowly is answered
// 408 and its temporary file removed, a few uploads per address at once (429 beyond), and the
// temporary folder emptied of stale files at start. Real sockets: app.inject cannot trickle.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { tempFiles } from '#test/support/content.ts';
import { prepareStorage } from '#server/files/storage.ts';
import { HTTP_LIMITS } from '#server/http-limits.ts';
import { createStartingGate } from '#server/starting-gate.ts';

let t: TestApp;
let port: number;
let headers: string;

beforeAll(async () => {
  t = await createTestApp({}, { httpLimits: { minUploadBytesPerSecond: 2000, uploadRateWindowMs: 500, concurrentUploadsPerAddress: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const guest = new TestClient(t.app);
  await guest.csrf();
  headers = [
    `Cookie: ${[...guest.jar].map(([k, v]) => `${k}=${v}`).join('; ')}`,
    `X-XSRF-TOKEN: ${decodeURIComponent(guest.cookie('XSRF-TOKEN')!)}`,
    'Accept: application/json',
  ].join('\r\n');
});
afterAll(async () => {
  await t?.close();
});

const BOUNDARY = 'slowBoundary';

/** Opens a multipart upload to /api/register announcing `length` bytes and sends its first part. */
function openUpload(length: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cvfile"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  return { socket, closed, answer: () => answer };
}

async function until(check: () => Promise<boolean> | boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('bounded requests', () => {
  it('sets the timeouts on the server Fastify makes and on the starting gate main.ts makes', () => {
    expect(t.app.server.requestTimeout).toBe(HTTP_LIMITS.requestTimeoutMs);
    expect(t.app.server.timeout).toBe(HTTP_LIMITS.connectionTimeoutMs);
    const gateServer = createStartingGate().serverFactory(() => {});
    expect(gateServer.requestTimeout).toBe(HTTP_LIMITS.requestTimeoutMs);
    expect(gateServer.headersTimeout).toBe(HTTP_LIMITS.headersTimeoutMs);
    expect(gateServer.timeout).toBe(HTTP_LIMITS.connectionTimeoutMs);
  });

  it('answers 408 to a body that trickles in, closes the connection and removes its temporary file', async () => {
    const upload = openUpload(100_000);
    const trickle = setInterval(() => upload.socket.write('x'), 100);
    try {
      expect(await until(() => upload.answer().length > 0, 5000)).toBe(true);
      await Promise.race([upload.closed, new Promise((resolve) => setTimeout(resolve, 3000))]);
      expect(upload.socket.destroyed || upload.socket.readableEnded, upload.answer()).toBe(true);
    } finally {
      clearInterval(trickle);
      upload.socket.destroy();
    }
    expect(upload.answer()).toMatch(/^HTTP\/1\.1 408/);
    expect(upload.answer()).toContain('{"message":"The request took too long."}');
    expect(await until(async () => (await tempFiles(t)).length === 0, 3000)).toBe(true);
  });

  it('takes one upload per address at a time here (429 for the next), and a steady one is not cut', async () => {
    const upload = openUpload(2_000_000);
    // Steady, well above the minimum rate.
    const steady = setInterval(() => upload.socket.write('y'.repeat(4000)), 100);
    try {
      await until(async () => (await tempFiles(t)).length > 0, 3000);
      const second = new TestClient(t.app);
      await second.csrf();
      const refused = await second.post('/api/register', {
        multipart: { firstname: 'A', lastname: 'B', email: 'b@example.test', password: 'x', password_confirmation: 'x' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
      expect(refused.headers['retry-after']).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(upload.answer()).toBe('');
    } finally {
      clearInterval(steady);
      upload.socket.destroy();
    }
    // The cut connection's temporary file goes, and its slot with it.
    expect(await until(async () => (await tempFiles(t)).length === 0, 3000)).toBe(true);
    const after = new TestClient(t.app);
    await after.csrf();
    expect((await after.post('/api/register', { multipart: { firstname: 'A' } })).status).toBe(422);
  });
});

describe('the temporary folder at start', () => {
  it('loses files older than the longest request, and keeps newer ones', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-tmp-clean-'));
    try {
      await prepareStorage(dataDir);
      const tmp = path.join(dataDir, 'tmp');
      await writeFile(path.join(tmp, 'left-by-a-crash'), 'x');
      const old = new Date(Date.now() - HTTP_LIMITS.requestTimeoutMs - 60_000);
      await utimes(path.join(tmp, 'left-by-a-crash'), old, old);
      await writeFile(path.join(tmp, 'another-process-is-writing'), 'x');
      await prepareStorage(dataDir);
      expect(await readdir(tmp)).toEqual(['another-process-is-writing']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
