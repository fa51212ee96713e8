/**
 * startServer(): the real site, built client included, on a free port with a fresh DATA_DIR and a
 * fresh database (embedded PGlite, or a new PostgreSQL database beside TEST_DATABASE_URL). The
 * server runs in its own process group so stop() and the exit handlers can kill it and anything it
 * started, whatever happens to the test.
 *
 * Seeding a new database (migrations, demo widgets, generated gallery images) takes half a minute
 * on a busy 2-core machine, so global setup does it once: createTemplate() starts a server on an
 * empty DATA_DIR, stops it, and keeps that pristine DATA_DIR (and, with PostgreSQL, that database
 * as a template). Each test file then starts from its own copy: a fresh database and DATA_DIR in
 * exactly the state a first start produces, shared with no other file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { adminQuery } from '../../support/database.ts';
import { freePort } from '../../support/ports.ts';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  /** The server's stdout and stderr (LOG_LEVEL=warn). */
  logFile: string;
  /** The server process (a fault test kills it with SIGKILL, then calls stop() to clean up). */
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL, no shutdown at all (a crash or a power cut for the process); DATA_DIR and database stay. */
  kill(): Promise<void>;
}

const live = new Set<ChildProcess>();
const testFileAppKey = `base64:${randomBytes(32).toString('base64')}`;
/** DATA_DIRs of running servers, removed by the exit handler if the run is interrupted. */
const liveDirs = new Set<string>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

let handlersInstalled = false;
function installExitHandlers(withSignals: boolean): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    for (const child of live) killGroup(child, 'SIGKILL');
    for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
  });
  // In vitest's main process (global setup) its own signal handling stays in charge.
  if (!withSignals) return;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const child of live) killGroup(child, 'SIGKILL');
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}

function pidsDir(inMainProcess: boolean): string | undefined {
  return inMainProcess ? undefined : inject('e2ePidsDir');
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export interface ServerTemplate {
  dataDir: string;
  /** The PostgreSQL database to copy (only with TEST_DATABASE_URL). */
  databaseName: string | undefined;
  adminEmail: string;
  adminPassword: string;
}

export function databaseUrlFor(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Global setup: one seeded DATA_DIR (and database) that every file copies. */
export async function createTemplate(appRoot: string): Promise<ServerTemplate> {
  const server = await startServer({ appRoot, keepData: true, inMainProcess: true });
  await server.stop();
  await rm(server.logFile, { force: true });
  return { dataDir: server.dataDir, databaseName: server.databaseName, adminEmail: server.adminEmail, adminPassword: server.adminPassword };
}

export async function removeTemplate(template: ServerTemplate): Promise<void> {
  await rm(template.dataDir, { recursive: true, force: true });
  if (template.databaseName) await adminQuery(`drop database if exists ${template.databaseName} with (force)`).catch(() => {});
}

export async function startServer(options: {
  appRoot: string;
  template?: ServerTemplate | undefined;
  keepData?: boolean;
  inMainProcess?: boolean;
  /** Variables added to (or overriding) the server's environment. */
  env?: Record<string, string>;
  /**
   * The host name of the site's address (APP_URL and baseUrl; default 127.0.0.1). Passkeys need a
   * domain: WebAuthn refuses an IP address as the relying party, so their journey uses localhost.
   */
  host?: string;
  /**
   * With TEST_DATABASE_URL: run as another copy of the site on this existing database (another
   * server's `databaseName`) instead of a new one; stop() leaves the database to its owner.
   */
  sharedDatabase?: string | undefined;
  /** The embedded database (PGlite in DATA_DIR) even when TEST_DATABASE_URL is set. */
  embeddedDatabase?: boolean;
  /** A PostgreSQL URL the test owns (its own cluster); the server seeds it on first start. */
  databaseUrl?: string;
  /** Start again on this stopped or killed server's DATA_DIR and database (a restart). */
  restartOf?: RunningServer & { databaseName: string | undefined };
}): Promise<RunningServer & { databaseName: string | undefined }> {
  installExitHandlers(!options.inMainProcess);
  const { restartOf } = options;
  // A template holds one engine's data: PGlite's folder, or a PostgreSQL database beside it.
  const engine = options.databaseUrl ? 'own' : options.embeddedDatabase || !process.env.TEST_DATABASE_URL ? 'embedded' : 'test';
  const templateFits = options.template && (options.template.databaseName ? engine === 'test' : engine === 'embedded');
  const template = templateFits ? options.template : undefined;
  const dataDir = restartOf?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'bodyshop-e2e-')));
  liveDirs.add(dataDir);
  if (template && !restartOf) await cp(template.dataDir, dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const adminEmail = restartOf?.adminEmail ?? template?.adminEmail ?? 'admin@harbourside.test';
  const adminPassword = restartOf?.adminPassword ?? template?.adminPassword ?? `Admin-${randomBytes(6).toString('hex')}`;

  let databaseName = restartOf?.databaseName;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    // The journeys browse the demo galleries and testimonials, on PostgreSQL too.
    DEMO_CONTENT: 'on',
    SMTP_URL: '',
    // No browser journey reaches the internet's breached-password service.
    PWNED_PASSWORDS_URL: '',
    DATABASE_URL: '',
    APP_KEY: '',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // Another copy on a database its first server owns (databaseName stays unset: stop() leaves it).
  else if (engine === 'test' && options.sharedDatabase) env.DATABASE_URL = databaseUrlFor(options.sharedDatabase);
  else if (engine === 'test' && databaseName) env.DATABASE_URL = databaseUrlFor(databaseName);
  else if (engine === 'test') {
    databaseName = `bodyshop_e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${databaseName}${template?.databaseName ? ` template ${template.databaseName}` : ''}`);
    env.DATABASE_URL = databaseUrlFor(databaseName);
  }
  // Production with DATABASE_URL requires APP_KEY: one per test file, so copies of the site on
  // one database share it (the template's database holds nothing encrypted).
  if (env.DATABASE_URL) env.APP_KEY = testFileAppKey;
  Object.assign(env, options.env);

  const logFile = path.join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(options.appRoot, 'scripts', 'run-built.mjs'), 'main'], {
    cwd: options.appRoot,
    env,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  live.add(child);
  const registry = pidsDir(options.inMainProcess ?? false);
  const pidFile = registry && child.pid ? path.join(registry, String(child.pid)) : undefined;
  if (pidFile) {
    mkdirSync(path.dirname(pidFile), { recursive: true });
    writeFileSync(pidFile, '');
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopped = false;
  const stop = async (keepData = options.keepData ?? false, signal: NodeJS.Signals = 'SIGTERM') => {
    if (stopped) return;
    stopped = true;
    killGroup(child, signal);
    const killer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    // Anything the server started shares its group.
    killGroup(child, 'SIGKILL');
    live.delete(child);
    if (pidFile) rmSync(pidFile, { force: true });
    if (keepData) {
      liveDirs.delete(dataDir);
      return;
    }
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    liveDirs.delete(dataDir);
  };

  const deadline = Date.now() + 90_000;
  let early = false;
  child.once('exit', () => (early = true));
  for (;;) {
    if (early) {
      const log = tail(logFile);
      await stop(false);
      // A silent exit 1 is a SIGTERM or SIGINT during the start (main.ts leaves at once then).
      throw new Error(`the server exited before it was ready (exit code ${child.exitCode}, signal ${child.signalCode}):\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const log = tail(logFile);
      await stop(false);
      throw new Error(`the server did not answer /healthz within 90 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    baseUrl,
    dataDir,
    adminEmail,
    adminPassword,
    logFile,
    stop: () => stop(),
    kill: () => stop(true, 'SIGKILL'),
    pid: child.pid!,
    databaseName,
  };
}
