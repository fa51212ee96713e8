// GETs through a listening app, as a browser or a CDN sends them. The public fast path answers at
// the HTTP server, before Fastify (src/server/public-content/public-fast-path.ts), so app.inject()
// never reaches it: tests of its ETag, 304 and compression use these.
import http from 'node:http';
import type { TestApp } from './app.ts';

export interface ServedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent (fetch would decompress them). */
  body: Buffer;
  text: string;
}

/** Listens on a free port and sends one request (the app answers from its first connection). */
export async function listenForServed(t: TestApp): Promise<string> {
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await served(baseUrl, '/healthz');
  return baseUrl;
}

export function served(baseUrl: string, url: string, headers: Record<string, string> = {}): Promise<ServedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${url}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode!, headers: response.headers, body, text: body.toString() });
        });
      })
      .on('error', reject);
  });
}
