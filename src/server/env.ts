/**
 * Configuration: reads the environment once, validates it, and prepares DATA_DIR (including the
 * generated APP_KEY). Everything else receives the resulting `AppConfig`; nothing else reads
 * process.env. It does not open the database or any other connection.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface AppConfig {
  port: number;
  host: string;
  appUrl: string;
  isHttps: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  /** 32 bytes; encrypts two-factor secrets and signs links. */
  appKey: Buffer;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  isProduction: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  PORT: z.preprocess(emptyIsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyIsUnset, z.string().min(1).default('127.0.0.1')),
  APP_URL: z.preprocess(emptyIsUnset, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyIsUnset, z.string().default('./data')),
  APP_KEY: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^base64:[A-Za-z0-9+/]{43}=$/, 'must be "base64:" followed by 32 bytes in base64')
      .optional(),
  ),
  SMTP_URL: z.preprocess(emptyIsUnset, z.string().regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.preprocess(emptyIsUnset, z.string().min(3).default('Harbourside Body & Paint <hello@harbourside-bodyshop.co.uk>')),
  ADMIN_EMAIL: z.preprocess(emptyIsUnset, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyIsUnset, z.string().min(8, 'must be at least 8 characters').max(255).optional()),
  LOG_LEVEL: z.preprocess(
    emptyIsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  NODE_ENV: z.preprocess(emptyIsUnset, z.string().optional()),
});

/** Validates the environment; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      `Invalid ${e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: ADMIN_EMAIL and ADMIN_PASSWORD go together`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  prepareDataDir(dataDir);
  const appUrl = (e.APP_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    isHttps: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    appKey: e.APP_KEY ? decodeAppKey(e.APP_KEY) : readOrCreateAppKey(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
  };
}

function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new ConfigError(`Invalid DATA_DIR: ${dataDir} cannot be written (${code})`);
  }
}

function decodeAppKey(value: string): Buffer {
  return Buffer.from(value.slice('base64:'.length), 'base64');
}

/** The key lives beside the data it protects, so a copied DATA_DIR keeps working. */
function readOrCreateAppKey(dataDir: string): Buffer {
  const keyFile = path.join(dataDir, 'app-key');
  if (existsSync(keyFile)) {
    const text = readFileSync(keyFile, 'utf8').trim();
    if (!/^base64:[A-Za-z0-9+/]{43}=$/.test(text)) {
      throw new ConfigError(`Invalid APP_KEY: ${keyFile} is not a key this site wrote`);
    }
    return decodeAppKey(text);
  }
  const key = randomBytes(32);
  writeFileSync(keyFile, `base64:${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
