/**
 * A throwaway PostgreSQL 15 cluster for one test file: initdb into a temporary folder, its own
 * port on 127.0.0.1 and its own socket folder, so the test may stop, crash and restart it without
 * touching the machine's shared cluster on 5432. PostgreSQL refuses to run as root, so as root
 * every command runs as the `postgres` OS user (runuser) in a folder it owns.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../support/ports.ts';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  url: string;
  /** Stops the server: 'fast' ends sessions cleanly (57P01), 'immediate' is a crash (recovery on start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again and returns once it accepts connections. */
  start(): Promise<void>;
  /** Stops it whatever its state and removes its folder. */
  destroy(): Promise<void>;
}

export function canRunOwnPostgres(): string | null {
  if (!existsSync(path.join(BIN, 'initdb'))) return `no PostgreSQL binaries in ${BIN} (set PG_BIN_DIR)`;
  return null;
}

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const isRoot = process.getuid?.() === 0;
  const root = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-faults-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]) : run(path.join(BIN, tool), args);

  const port = await freePort();
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=50 -c shared_buffers=16MB`;
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  };
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop(mode) {
      await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
