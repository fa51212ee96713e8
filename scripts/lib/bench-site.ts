// What the benches share (bench-http.ts, bench-scale.ts): the site started as `npm start` starts it,
// a scratch PostgreSQL database, the server's memory, and a signed-in session over fetch.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '#server/paths.ts';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password' };
const BENCH_APP_KEY = `base64:${Buffer.alloc(32, 1).toString('base64')}`;

/** Every process a bench started, killed when it ends (however it ends). */
export const children: ChildProcess[] = [];

/** The resident memory of a process, in MB (Linux). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${base}: the server exited`);
    const status = await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The built site on `port` (DATA_DIR `dataDir`, the embedded database unless `databaseUrl`), with the bench's admin. */
export function startSite(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  env: Record<string, string> = {},
  /** Another built checkout to run instead of this one (bench-scale's `--baseline`). */
  root = projectRoot,
): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'run-built.mjs'), 'main'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // Production with DATABASE_URL requires a key; the bench database holds nothing encrypted.
      APP_KEY: databaseUrl ? BENCH_APP_KEY : '',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Default logging: the server writes its lines, something reads them.
  child.stdout.resume();
  children.push(child);
  return child;
}

export async function stopSite(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A database created for `run` on the bench's PostgreSQL and dropped after; undefined when none answers. */
export async function withPostgres<T>(prefix: string, run: (url: string) => Promise<T>): Promise<T | undefined> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL skipped: ${adminUrl} unreachable (${(error as Error).message})`);
    return undefined;
  }
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export interface Answer {
  status: number;
  body: Buffer;
}

export type SessionCall = (url: string, method: string, body?: unknown) => Promise<Answer>;

/** Signed in over fetch as `email`: the session cookie and the XSRF header on every call. */
export async function signedInSession(base: string, email: string, password: string): Promise<SessionCall> {
  const cookies = new Map<string, string>();
  const call: SessionCall = async (url, method, body) => {
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  };
  await call(`${base}/sanctum/csrf-cookie`, 'GET');
  const { status } = await call(`${base}/login`, 'POST', { email, password, remember: false });
  if (status !== 200) throw new Error(`sign-in as ${email} answered ${status}`);
  return call;
}
