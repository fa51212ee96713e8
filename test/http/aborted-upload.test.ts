// A client that closes its connection while its upload is still arriving: the server removes what
// it wrote and does not take the broken request stream (ECONNRESET "aborted") for the database
// being unavailable (http-errors.ts, db/database-errors.ts). Real sockets: app.inject cannot abort.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { prepareStorage } from '#server/files/storage.ts';
import { TestClient } from '#test/support/client.ts';
import { createTestDatabase } from '#test/support/database.ts';

const logLines: { level: number; msg?: string; err?: { message?: string } }[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
let dataDir: string;
let port: number;
let headers: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-abort-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', APP_URL: 'http://localhost:3000' });
  await prepareStorage(dataDir);
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, loggerInstance: pino({ level: 'debug' }, sink) });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  const guest = new TestClient(app);
  await guest.csrf();
  headers = [
    `Cookie: ${[...guest.jar].map(([k, v]) => `${k}=${v}`).join('; ')}`,
    `X-XSRF-TOKEN: ${decodeURIComponent(guest.cookie('XSRF-TOKEN')!)}`,
    'Accept: application/json',
  ].join('\r\n');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

const BOUNDARY = 'abortBoundary';

describe('an upload the client aborts', () => {
  it('is not logged as the database being unavailable, and leaves no temporary file', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    socket.write(
      `POST /api/quote-requests HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 5000000\r\n\r\n` +
        field('name', 'Jo Customer') +
        field('email', 'jo@example.com') +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="door.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    socket.write(Buffer.alloc(200_000, 0xff));
    // The photo is being written to a temporary file: then the client goes.
    const tmp = path.join(dataDir, 'tmp');
    expect(await until(async () => (await readdir(tmp).catch(() => [])).length > 0, 5000)).toBe(true);
    socket.destroy();

    // The server notices (the request stream fails), removes the temporary file and answers no one.
    expect(await until(async () => (await readdir(tmp)).length === 0, 5000)).toBe(true);
    expect(await until(() => logLines.some((line) => line.level >= 40), 1000), JSON.stringify(logLines.slice(-3))).toBe(false);
  });
});
