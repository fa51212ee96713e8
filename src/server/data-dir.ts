/**
 * DATA_DIR and the APP_KEY kept in it: the folder must be writable, and a generated key is stored
 * beside the data it protects (mode 0600), so a copied DATA_DIR keeps working.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.ts';
import type { AppConfig } from './config/load-config.ts';

export const APP_KEY_PATTERN = /^base64:[A-Za-z0-9+/]{43}=$/;

/**
 * DATA_DIR must be a folder we can write, or one we can create: checked on the folder itself or
 * its nearest existing ancestor, without creating anything (a failed start leaves nothing behind).
 */
export function assertDataDirWritable(dataDir: string): void {
  let probe = dataDir;
  while (!existsSync(probe)) {
    const parent = path.dirname(probe);
    if (parent === probe) break;
    probe = parent;
  }
  try {
    if (!statSync(probe).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
    accessSync(probe, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new ConfigError(`Invalid DATA_DIR: ${dataDir} cannot be written (${code})`);
  }
}

export function decodeAppKey(value: string): Buffer {
  return Buffer.from(value.slice('base64:'.length), 'base64');
}

function appKeyFile(dataDir: string): string {
  return path.join(dataDir, 'app-key');
}

export function readStoredAppKey(dataDir: string): Buffer | undefined {
  const keyFile = appKeyFile(dataDir);
  if (!existsSync(keyFile)) return undefined;
  const text = readFileSync(keyFile, 'utf8').trim();
  if (!APP_KEY_PATTERN.test(text)) {
    throw new ConfigError(`Invalid APP_KEY: ${keyFile} is not a key this site wrote`);
  }
  return decodeAppKey(text);
}

/**
 * Creates DATA_DIR and keeps a generated APP_KEY there (beside the data it protects, so a copied
 * DATA_DIR keeps working). Called once the database is known to be reachable.
 */
export function persistDataDir(config: AppConfig): void {
  mkdirSync(config.dataDir, { recursive: true });
  if (config.isAppKeyNew) {
    writeFileSync(appKeyFile(config.dataDir), `base64:${config.appKey.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    config.isAppKeyNew = false;
  }
}
