import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerAppKey, loadConfig } from '#server/config/load-config.ts';
import { ConfigError } from '#server/config-error.ts';
import { persistDataDir } from '#server/data-dir.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function expectConfigError(env: Record<string, string>, pattern: RegExp) {
  let error: unknown;
  try {
    loadConfig({ DATA_DIR: dir, ...env });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toMatch(pattern);
  expect((error as Error).message).not.toContain('\n');
}

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    // localhost, not 127.0.0.1: WebAuthn refuses an IP address, and passkeys work on a fresh start.
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dir, HOST: 'bodyshop.internal' }).appUrl).toBe('http://bodyshop.internal:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.appKey).toHaveLength(32);
    expect(config.isHttps).toBe(false);
  });

  it('turns demo galleries and testimonials on for the embedded database and off with DATABASE_URL, unless DEMO_CONTENT says', () => {
    expect(loadConfig({ DATA_DIR: dir }).isDemoContentOn).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@localhost/db' }).isDemoContentOn).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@localhost/db', DEMO_CONTENT: 'on' }).isDemoContentOn).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DEMO_CONTENT: 'false' }).isDemoContentOn).toBe(false);
    expectConfigError({ DEMO_CONTENT: 'maybe' }, /^Invalid DEMO_CONTENT: must be on or off/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the bad variable in one line', () => {
    expectConfigError({ PORT: 'eighty' }, /^Invalid PORT:/);
    expectConfigError({ PORT: '70000' }, /^Invalid PORT:/);
    expectConfigError({ APP_URL: 'ftp://example.com' }, /^Invalid APP_URL:/);
    expectConfigError({ DATABASE_URL: 'mysql://localhost/db' }, /^Invalid DATABASE_URL:/);
    expectConfigError({ APP_KEY: 'short' }, /^Invalid APP_KEY:/);
    expectConfigError({ SMTP_URL: 'http://mail' }, /^Invalid SMTP_URL:/);
    expectConfigError({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'longenough' }, /^Invalid ADMIN_EMAIL:/);
    expectConfigError({ ADMIN_EMAIL: 'a@b.co' }, /^Invalid ADMIN_PASSWORD:/);
    expectConfigError({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, /^Invalid ADMIN_PASSWORD:/);
    expectConfigError({ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL:/);
  });

  it('refuses a DATA_DIR that cannot be written, creating nothing', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'x');
    expectConfigError({ DATA_DIR: path.join(file, 'data') }, /^Invalid DATA_DIR: .* cannot be written \(ENOTDIR\)/);
    expect(existsSync(path.join(file, 'data'))).toBe(false);
  });

  it('generates APP_KEY once, keeps it in DATA_DIR, and reads it back', async () => {
    const dataDir = path.join(dir, 'fresh');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.isAppKeyNew).toBe(true);
    expect(existsSync(dataDir)).toBe(false); // nothing written until the start succeeds
    persistDataDir(first);
    expect((await readFile(path.join(dataDir, 'app-key'), 'utf8')).trim()).toBe(`base64:${first.appKey.toString('base64')}`);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.isAppKeyNew).toBe(false);
    expect(second.appKey.equals(first.appKey)).toBe(true);
  });

  it('uses APP_KEY from the environment when given', () => {
    const key = Buffer.alloc(32, 7);
    const config = loadConfig({ DATA_DIR: dir, APP_KEY: `base64:${key.toString('base64')}` });
    expect(config.appKey.equals(key)).toBe(true);
    expect(config.isAppKeyNew).toBe(false);
  });

  it('marks cookies secure when APP_URL is https', () => {
    expect(loadConfig({ DATA_DIR: dir, APP_URL: 'https://bodyshop.example/' }).isHttps).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, APP_URL: 'https://bodyshop.example/' }).appUrl).toBe('https://bodyshop.example');
  });

  it('requires APP_KEY for the server in production with DATABASE_URL, where copies must share one', () => {
    const database = { DATA_DIR: dir, DATABASE_URL: 'postgres://x@localhost/db', NODE_ENV: 'production' };
    expect(() => assertServerAppKey(loadConfig(database))).toThrow(
      /^Missing APP_KEY: required in production with DATABASE_URL \(every copy of the site must use the same key\)$/,
    );
    expect(() =>
      assertServerAppKey(loadConfig({ ...database, APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}` })),
    ).not.toThrow();
    // One process on PGlite keeps its key in DATA_DIR, and outside production nothing changes.
    expect(() => assertServerAppKey(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }))).not.toThrow();
    expect(() => assertServerAppKey(loadConfig({ ...database, NODE_ENV: 'test' }))).not.toThrow();
  });

  it('reads APP_PREVIOUS_KEYS after APP_KEY, and refuses a malformed one', () => {
    const [current, old1, old2] = [7, 8, 9].map((n) => Buffer.alloc(32, n));
    const asEnv = (key: Buffer) => `base64:${key.toString('base64')}`;
    const config = loadConfig({ DATA_DIR: dir, APP_KEY: asEnv(current!), APP_PREVIOUS_KEYS: `${asEnv(old1!)}, ${asEnv(old2!)}` });
    expect(config.appKeys.map((key) => key[0])).toEqual([7, 8, 9]);
    expect(loadConfig({ DATA_DIR: dir, APP_KEY: asEnv(current!) }).appKeys).toHaveLength(1);
    expectConfigError({ APP_PREVIOUS_KEYS: `${asEnv(old1!)},nope` }, /^Invalid APP_PREVIOUS_KEYS: each key must be "base64:"/);
  });

  it('reads TRUST_PROXY as off, a hop count, or addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    expectConfigError({ TRUST_PROXY: 'everyone' }, /^Invalid TRUST_PROXY: must be false, a hop count/);
  });

  it('schedules backups nightly at 03:00 on the embedded database and not on PostgreSQL, unless BACKUP_SCHEDULE says', () => {
    expect(loadConfig({ DATA_DIR: dir }).backupSchedule).toBe('0 3 * * *');
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/site' }).backupSchedule).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/site', BACKUP_SCHEDULE: '30 1 * * *' }).backupSchedule).toBe(
      '30 1 * * *',
    );
    expect(loadConfig({ DATA_DIR: dir, BACKUP_SCHEDULE: 'off' }).backupSchedule).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, BACKUP_SCHEDULE: ' */30  2-4 1,15 jan-jun MON-FRI ' }).backupSchedule).toBe(
      '*/30 2-4 1,15 jan-jun MON-FRI',
    );
    expectConfigError({ BACKUP_SCHEDULE: '0 3 * *' }, /^Invalid BACKUP_SCHEDULE: must be off or a cron expression of 5 fields/);
    expectConfigError({ BACKUP_SCHEDULE: '0 24 * * *' }, /^Invalid BACKUP_SCHEDULE: the hour field "24" is not valid/);
    expectConfigError({ BACKUP_SCHEDULE: 'nightly' }, /^Invalid BACKUP_SCHEDULE/);
  });

  it('keeps 7 daily and 4 weekly backups unless BACKUP_KEEP says, and never none', () => {
    expect(loadConfig({ DATA_DIR: dir }).backupKeep).toEqual({ daily: 7, weekly: 4 });
    expect(loadConfig({ DATA_DIR: dir, BACKUP_KEEP: '14d, 8W' }).backupKeep).toEqual({ daily: 14, weekly: 8 });
    expect(loadConfig({ DATA_DIR: dir, BACKUP_KEEP: '3d' }).backupKeep).toEqual({ daily: 3, weekly: 0 });
    expectConfigError({ BACKUP_KEEP: '0d,0w' }, /^Invalid BACKUP_KEEP: must keep at least one backup/);
    expectConfigError({ BACKUP_KEEP: 'a week' }, /^Invalid BACKUP_KEEP: must be counts of daily and weekly backups, such as 7d,4w$/);
  });

  it('reads METRICS_TOKEN, refusing a short one', () => {
    expect(loadConfig({ DATA_DIR: dir }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'a-long-enough-scrape-token' }).metricsToken).toBe('a-long-enough-scrape-token');
    expectConfigError({ METRICS_TOKEN: 'secret' }, /^Invalid METRICS_TOKEN: must be at least 16 characters$/);
  });

  it('reads the bucket settings only with S3_BUCKET, and its AWS keys as a pair', () => {
    expect(loadConfig({ DATA_DIR: dir, S3_REGION: 'eu-west-2' }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'shop-files', S3_PUBLIC_URL: 'https://cdn.example/media//' }).s3).toEqual({
      bucket: 'shop-files',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      publicUrl: 'https://cdn.example/media',
      credentials: undefined,
    });
    const withKeys = {
      DATA_DIR: dir,
      S3_BUCKET: 'shop-files',
      S3_FORCE_PATH_STYLE: 'yes',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(withKeys).s3).toMatchObject({ forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } });
    expectConfigError(
      { AWS_ACCESS_KEY_ID: 'id' },
      /^Invalid AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together$/,
    );
    expectConfigError(
      { AWS_SECRET_ACCESS_KEY: 'secret' },
      /^Invalid AWS_ACCESS_KEY_ID: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together$/,
    );
    expectConfigError({ S3_BUCKET: 'No_Such' }, /^Invalid S3_BUCKET: must be a bucket name/);
  });

  it('names a bad variable before a pair that does not go together', () => {
    expectConfigError({ ADMIN_EMAIL: 'a@b.co', PORT: 'eighty' }, /^Invalid PORT:/);
    expectConfigError(
      { ADMIN_EMAIL: 'a@b.co', AWS_ACCESS_KEY_ID: 'id' },
      /^Invalid ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together$/,
    );
  });

  it('applies the keeping and timing defaults, and names the unit of a bad one', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      quotePhotoRetentionDays: 365,
      activityKeepDays: 730,
      binKeepDays: 30,
      versionsKeepDays: 365,
      versionsKeepCount: 50,
      repairTrackerDaysAfterCollection: 30,
      repairStageMailHoldMinutes: 10,
      reviewRequestDelayHours: 48,
      reviewReminderDays: 5,
      mailFrom: 'Harbourside Body & Paint <hello@harbourside-bodyshop.co.uk>',
      adminEmail: undefined,
      isProduction: false,
    });
    expect(loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'Owner@Shop.Example', ADMIN_PASSWORD: 'longenough' }).adminEmail).toBe(
      'owner@shop.example',
    );
    expectConfigError({ BIN_KEEP_DAYS: '1.5' }, /^Invalid BIN_KEEP_DAYS: must be a whole number of days$/);
    expectConfigError(
      { REPAIR_STAGE_MAIL_HOLD_MINUTES: 'soon' },
      /^Invalid REPAIR_STAGE_MAIL_HOLD_MINUTES: must be a whole number of minutes$/,
    );
    expectConfigError({ VERSIONS_KEEP_COUNT: 'many' }, /^Invalid VERSIONS_KEEP_COUNT: must be a whole number$/);
    expectConfigError({ REVIEW_REQUEST_DELAY_HOURS: 'later' }, /^Invalid REVIEW_REQUEST_DELAY_HOURS: must be a number of hours$/);
  });

  it('turns the outside services off with an empty URL, and drops a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dir, PWNED_PASSWORDS_URL: '' }).pwnedPasswordsUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, PWNED_PASSWORDS_URL: 'https://pwned.internal/' }).pwnedPasswordsUrl).toBe('https://pwned.internal');
    expect(loadConfig({ DATA_DIR: dir }).geocoderUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, GEOCODER_URL: 'https://geo.internal/search/' }).geocoderUrl).toBe('https://geo.internal/search');
    expectConfigError({ GEOCODER_URL: 'geo' }, /^Invalid GEOCODER_URL: must be an http\(s\) URL, or empty for off$/);
  });
});
