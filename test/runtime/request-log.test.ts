// One log line per request at info level, none for health checks and static files (those are
// at debug), and no "incoming request" lines.
import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { prepareStorage } from '#server/files/storage.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createTestDatabase } from '#test/support/database.ts';

const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let database: DatabaseHandle;
let dataDir: string;

async function appLoggingAt(level: 'info' | 'debug') {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-log-'));
  await prepareStorage(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: level });
  database = await createTestDatabase();
  app = await buildApp({ config, database, loggerInstance: pino({ level }, sink) });
  await app.ready();
}

beforeAll(async () => {
  await appLoggingAt('info');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('request logging', () => {
  it('writes one line per request, and nothing for /healthz or static files at info level', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/media/public/img/none.webp' });
    await app.inject({ method: 'GET', url: '/assets/none.js' });
    const widget = await app.inject({ method: 'GET', url: '/api/widgets/NoSuchWidget' });
    expect(widget.statusCode).toBe(404);
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/widgets/NoSuchWidget', status: 404 });
    expect(typeof requestLines[0]!.ms).toBe('number');
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });
});
