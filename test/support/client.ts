/**
 * An HTTP client over app.inject() that behaves like the original site's axios client: it keeps
 * a cookie jar, echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on state-changing requests, asks for
 * JSON, and can send JSON, urlencoded or multipart bodies.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface MultipartFile {
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A list of files goes as the same part name repeated, in order (quote photos). */
export type MultipartBody = Record<string, string | number | boolean | MultipartFile | MultipartFile[]>;

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  multipart?: MultipartBody;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
  /** Skip the X-XSRF-TOKEN header (to test the 419). */
  noXsrf?: boolean;
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  text: string;
  /** The body's bytes (an image, a download). */
  bytes: Buffer;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: any;
  cookies: LightMyRequestResponse['cookies'];
}

export function buildMultipart(fields: MultipartBody): { payload: Buffer; contentType: string } {
  const boundary = `----bodyshop${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((file) => [name, file] as const) : [[name, value] as const],
  );
  for (const [name, value] of parts) {
    if (typeof value === 'object') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export class TestClient {
  readonly jar = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  /** GET /sanctum/csrf-cookie, as the original client does before login and register. */
  async csrf(): Promise<TestResponse> {
    return this.get('/sanctum/csrf-cookie');
  }

  get(url: string, options: RequestOptions = {}) {
    return this.request('GET', url, options);
  }
  post(url: string, options: RequestOptions = {}) {
    return this.request('POST', url, options);
  }
  put(url: string, options: RequestOptions = {}) {
    return this.request('PUT', url, options);
  }
  patch(url: string, options: RequestOptions = {}) {
    return this.request('PATCH', url, options);
  }
  delete(url: string, options: RequestOptions = {}) {
    return this.request('DELETE', url, options);
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain, */*',
      'x-requested-with': 'XMLHttpRequest',
      ...options.headers,
    };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf && !options.noXsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);

    let payload: string | Buffer | undefined;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      payload = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.multipart) {
      const built = buildMultipart(options.multipart);
      payload = built.payload;
      headers['content-type'] = built.contentType;
    }

    const query = options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(query ? { query } : {}),
    });
    for (const c of response.cookies) {
      const expired = c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let body: unknown;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      body = undefined;
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      text: response.body,
      bytes: response.rawPayload,
      body,
      cookies: response.cookies,
    };
  }
}
