/**
 * A small Pwned Passwords range API on 127.0.0.1 for the breached-password tests: GET
 * /range/<5 hex> answers `SUFFIX:COUNT` lines for the passwords it was given under that prefix,
 * with padding lines (count 0) as the real service adds them. `mode` makes it slow (answers after
 * `delayMs`) or broken (a 503); `downUrl()` is an address where nothing listens.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePwnedPasswords {
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  mode: 'ok' | 'slow' | 'error';
  delayMs: number;
  close(): Promise<void>;
}

export function sha1Hex(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}

export async function startFakePwnedPasswords(breached: Record<string, number>): Promise<FakePwnedPasswords> {
  const byPrefix = new Map<string, string[]>();
  for (const [password, count] of Object.entries(breached)) {
    const hash = sha1Hex(password);
    const lines = byPrefix.get(hash.slice(0, 5)) ?? [];
    lines.push(`${hash.slice(5)}:${count}`);
    byPrefix.set(hash.slice(0, 5), lines);
  }
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakePwnedPasswords = {
    url: '',
    requests: [],
    mode: 'ok',
    delayMs: 1500,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    fake.requests.push(request.url ?? '');
    const match = /^\/range\/([0-9A-F]{5})$/i.exec(request.url ?? '');
    if (fake.mode === 'error' || !match) {
      response.writeHead(fake.mode === 'error' ? 503 : 404).end();
      return;
    }
    // The real service's format: upper-case 35-character suffixes, CRLF, padding lines with count 0.
    const padding = Array.from({ length: 20 }, () => `${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}:0`);
    const body = [...(byPrefix.get(match[1]!.toUpperCase()) ?? []), ...padding].join('\r\n');
    const answer = () => response.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    if (fake.mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) answer();
      }, fake.delayMs);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** An address on 127.0.0.1 where nothing listens (a port taken and let go again). */
export async function downUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
