// The request log line names the page or route asked for, never a link's secret: the token of a
// reset, manage, tracker, review, staff invitation or "this wasn't me" link, the e-mail
// verification's hash and signature, a reset link's address (logger.ts redactedUrl).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { prepareStorage } from '#server/files/storage.ts';
import { redactedUrl } from '#server/logger.ts';
import { createTestDatabase } from '#test/support/database.ts';

const lines: { msg?: string; url?: string }[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-request-log-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', APP_URL: 'http://localhost:3000', PWNED_PASSWORDS_URL: '' });
  await prepareStorage(dataDir);
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, runJobs: false, loggerInstance: pino({ level: 'info' }, sink) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const hex = (n: number) => Array.from({ length: n }, (_v, i) => '0123456789abcdef'[(i * 7 + 3) % 16]).join('');
const base64url = 'QmFzZTY0dXJsVG9rZW5Gb3JBTWFuYWdlTGlua0hlcmU';

describe('the request log line', () => {
  const links = {
    reset: { url: `/reset-password/${hex(64)}?email=owner%40example.test`, secrets: [hex(64), 'owner%40example.test'] },
    verification: {
      url: `/email/verify/12/${hex(40)}?expires=1893456000&signature=${hex(64).slice(1)}`,
      secrets: [hex(40), hex(64).slice(1)],
    },
    manage: { url: `/book/manage/${base64url}`, secrets: [base64url] },
    tracker: { url: `/track/${hex(32)}`, secrets: [hex(32)] },
    review: { url: `/review/${hex(32).slice(2)}ab`, secrets: [`${hex(32).slice(2)}ab`] },
    thisWasntMe: { url: `/this-wasnt-me/${hex(64)}`, secrets: [hex(64)] },
    staffInvitation: { url: `/accept-invitation/${base64url}`, secrets: [base64url] },
  };

  for (const [kind, link] of Object.entries(links)) {
    it(`carries no secret of a ${kind} link`, async () => {
      lines.length = 0;
      await app.inject({ method: 'GET', url: link.url });
      const requestLines = lines.filter((l) => l.msg === 'request' || l.msg === 'request failed');
      expect(requestLines).toHaveLength(1);
      const logged = JSON.stringify(lines);
      for (const secret of link.secrets) expect(logged).not.toContain(secret);
      expect(requestLines[0]!.url).toContain(':redacted');
    });
  }

  it('keeps what is no secret: the path, ids, ordinary query parameters', () => {
    expect(redactedUrl('/admin/quotes?page=2&status=new')).toBe('/admin/quotes?page=2&status=new');
    expect(redactedUrl('/email/verify/12/abc')).toBe('/email/verify/12/abc');
    expect(redactedUrl(`/api/security/this-wasnt-me?token=short`)).toBe('/api/security/this-wasnt-me?token=:redacted');
    expect(redactedUrl(`/cv-downloads/4?expires=1&by=2&issued=3&signature=${hex(64)}`)).toBe(
      '/cv-downloads/4?expires=1&by=2&issued=3&signature=:redacted',
    );
  });
});
