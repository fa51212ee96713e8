/**
 * The port is open from the first moment of a start: a first start migrates and stores the demo
 * pictures, and meanwhile every request gets 503 {"status":"starting"} with Retry-After (a load
 * balancer or health check sees a starting site, not a refused connection). Once the app is
 * ready, Fastify is handed this same server through its serverFactory and answers everything.
 *
 * Fastify never calls listen() on it, so it does not close it either: `close()` here stops new
 * connections and waits for requests in flight before main.ts closes the app (and the database).
 */
import { applyServerTimeouts } from './http-limits.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StartingGate {
  /** For buildApp's serverFactory: Fastify's request handler takes over once `open()` is called. */
  serverFactory: (handler: http.RequestListener) => http.Server;
  listen(port: number, host: string): Promise<AddressInfo>;
  open(): void;
  close(): Promise<void>;
}

const STARTING_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Starting</title></head>' +
  '<body><p>The site is starting. This page reloads in a few seconds.</p></body></html>';

function answerStarting(request: http.IncomingMessage, response: http.ServerResponse): void {
  const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
  response.statusCode = 503;
  response.setHeader('retry-after', '5');
  response.setHeader('cache-control', 'no-store');
  // A request body is not read: closing the connection spares reading what nobody will use.
  if (request.method !== 'GET' && request.method !== 'HEAD') response.setHeader('connection', 'close');
  response.setHeader('content-type', wantsPage ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
  response.end(request.method === 'HEAD' ? undefined : wantsPage ? STARTING_PAGE : '{"status":"starting"}');
}

export function createStartingGate(): StartingGate {
  let appHandler: http.RequestListener | undefined;
  let isOpen = false;
  const server = http.createServer((request, response) => {
    if (isOpen && appHandler) appHandler(request, response);
    else answerStarting(request, response);
  });
  // Fastify sets its timeouts only on a server it creates itself.
  applyServerTimeouts(server);
  return {
    serverFactory: (handler) => {
      appHandler = handler;
      return server;
    },
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      }),
    open: () => {
      if (!appHandler) throw new Error('the app has not taken the server yet');
      isOpen = true;
    },
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
