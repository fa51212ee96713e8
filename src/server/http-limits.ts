/**
 * How long and how slowly a request may take, in one place: the HTTP server's timeouts (set by
 * Fastify in tests, by the starting gate in main.ts, which makes the server itself), the minimum
 * rate at which a body must arrive, and the per-address cap on uploads in flight. A client that
 * trickles a body (one byte every 10 s) would otherwise hold a connection and a temporary file for
 * as long as it likes.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '#shared/errors.ts';
import { AppError } from './errors.ts';

export interface HttpLimits {
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  headersTimeoutMs: number;
  minUploadBytesPerSecond: number;
  uploadRateWindowMs: number;
  concurrentUploadsPerAddress: number;
}

export const HTTP_LIMITS: HttpLimits = {
  /** The whole request, headers and body, must arrive within this (Node answers 408 otherwise). */
  requestTimeoutMs: 300_000,
  /** A connection with no traffic at all is closed after this. */
  connectionTimeoutMs: 60_000,
  /** Headers must arrive within this (Node's own default is 60 s). */
  headersTimeoutMs: 20_000,
  /** A body must arrive at least this fast, measured over each window after the first. */
  minUploadBytesPerSecond: 4 * 1024,
  uploadRateWindowMs: 10_000,
  /** Multipart uploads one address may have in flight at once; more answer 429. */
  concurrentUploadsPerAddress: 4,
};

/** For a server Fastify did not create (main.ts's starting gate): the same timeouts. */
export function applyServerTimeouts(server: Server): void {
  server.requestTimeout = HTTP_LIMITS.requestTimeoutMs;
  server.headersTimeout = HTTP_LIMITS.headersTimeoutMs;
  server.setTimeout(HTTP_LIMITS.connectionTimeoutMs);
}

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request.raw;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * Every request with a body is watched: when a window passes with fewer than the minimum bytes
 * read from its socket before the body is complete, it is answered 408 and the connection closed,
 * so the body parser or the multipart reader fails and removes what it had written.
 */
export function enforceMinimumUploadRate(app: FastifyInstance, limits: HttpLimits = HTTP_LIMITS): void {
  const minBytesPerWindow = (limits.minUploadBytesPerSecond * limits.uploadRateWindowMs) / 1000;
  app.addHook('onRequest', (request, reply, done) => {
    if (!hasBody(request)) return done();
    const raw = request.raw;
    const socket = raw.socket as Partial<Socket> | undefined;
    // app.inject's requests have no real socket to measure or close.
    if (typeof socket?.bytesRead !== 'number' || typeof socket.destroy !== 'function') return done();
    let lastRead = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const read = socket.bytesRead! - lastRead;
      lastRead = socket.bytesRead!;
      if (read >= minBytesPerWindow) return;
      clearInterval(timer);
      request.log.warn({ bytesInWindow: read }, 'request body too slow; closing the connection');
      // The body parser or multipart reader still waiting for the body fails with this error and
      // removes what it wrote; the connection goes with it.
      const stop = () => raw.destroy(AppError.requestTimeout());
      if (!reply.sent && !reply.raw.headersSent) {
        // Written straight to the socket: the route is still waiting for its body.
        reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        reply.raw.end(JSON.stringify({ message: ERROR_MESSAGES.requestTimeout }), stop);
      } else stop();
      setTimeout(() => socket.destroy!(), 1000).unref();
    }, limits.uploadRateWindowMs);
    timer.unref();
    raw.once('close', () => clearInterval(timer));
    raw.once('end', () => clearInterval(timer));
    // Answered (a 429 or 401 before the body was read): nothing more to wait for.
    reply.raw.once('finish', () => clearInterval(timer));
    done();
  });
}

/** Counts multipart uploads in flight per client address (one process; each machine counts its own). */
export class UploadSlots {
  private readonly inFlight = new Map<string, number>();
  constructor(private readonly perAddress = HTTP_LIMITS.concurrentUploadsPerAddress) {}

  /** Takes a slot for `address`, or throws a 429 when it already has the most allowed. */
  take(address: string): () => void {
    const count = this.inFlight.get(address) ?? 0;
    if (count >= this.perAddress) throw AppError.tooManyRequests(5);
    this.inFlight.set(address, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(address) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(address);
      else this.inFlight.set(address, left);
    };
  }
}
