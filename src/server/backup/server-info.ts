/**
 * DATA_DIR/server.json: how the backup CLI finds the server that owns the embedded database (pid,
 * port, a random token; mode 0600, so only the site's user can read it). main.ts writes and
 * removes it; the CLI reads it (backup.service.ts); internal-backup.route.ts checks the token.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface ServerInfo {
  pid: number;
  host: string;
  port: number;
  token: string;
}

export function serverInfoFile(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

export function newInternalToken(): string {
  return randomBytes(32).toString('base64url');
}

export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  const file = serverInfoFile(dataDir);
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(info) + '\n', { mode: 0o600, flag: 'wx' });
}

/** Removes server.json only when it is this process's own (a newer server may have replaced it). */
export function removeServerInfo(dataDir: string, pid: number): void {
  const info = readServerInfo(dataDir);
  if (info?.pid === pid) rmSync(serverInfoFile(dataDir), { force: true });
}

const infoSchema = z.object({ pid: z.number().int(), host: z.string().min(1), port: z.number().int(), token: z.string().min(20) });

/** The running server's info, or undefined when none runs (absent file, or a stale one). */
export function readServerInfo(dataDir: string): ServerInfo | undefined {
  const file = serverInfoFile(dataDir);
  if (!existsSync(file)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // Half-written or damaged: no server can be reached through it.
    return undefined;
  }
  const parsed = infoSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  try {
    process.kill(parsed.data.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return undefined;
  }
  return parsed.data;
}
