/**
 * A small HTTP client for setting up data through the site's REST paths, the way the original
 * browser client calls them: a cookie jar, X-XSRF-TOKEN echoed from the cookie, JSON or multipart.
 */
export interface ApiResponse {
  status: number;
  body: any;
  text: string;
}

export class ApiClient {
  readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(method: string, url: string, body?: unknown): Promise<ApiResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(new URL(url, this.baseUrl), { method, headers, body: payload, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text };
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body);
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body);
  }
  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  /** The call must answer one of the expected statuses; otherwise the error names the path and body. */
  async expect(method: string, url: string, statuses: number[], body?: unknown): Promise<ApiResponse> {
    const response = await this.request(method, url, body);
    if (!statuses.includes(response.status)) {
      throw new Error(`${method} ${url} answered ${response.status} (expected ${statuses.join(' or ')}): ${response.text.slice(0, 500)}`);
    }
    return response;
  }

  async login(email: string, password: string): Promise<void> {
    await this.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const response = await this.expect('POST', '/login', [200], { email, password, remember: false });
    if (response.body?.two_factor) throw new Error(`${email} has two-factor on; ApiClient.login cannot finish the challenge`);
  }
}

let counter = 0;
/** A unique address per call, so tests never collide however they are ordered. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export interface CreatedUser {
  id: number;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

/** A user created by the admin through POST /api/users. */
export async function createUser(
  admin: ApiClient,
  fields: Partial<{ firstname: string; lastname: string; email: string; role: 'user' | 'admin'; password: string }> = {},
): Promise<CreatedUser> {
  const user = {
    firstname: fields.firstname ?? 'Morwenna',
    lastname: fields.lastname ?? 'Tregarthen',
    email: fields.email ?? uniqueEmail('user'),
    role: fields.role ?? 'user',
    password: fields.password ?? 'Harbour-pass-42',
  };
  const response = await admin.expect('POST', '/api/users', [201, 200], { ...user, password_confirmation: user.password });
  return {
    id: Number(response.body.data.id),
    email: user.email,
    password: user.password,
    firstname: user.firstname,
    lastname: user.lastname,
  };
}
