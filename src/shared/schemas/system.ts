/**
 * The System screen (/admin/system, tRPC system.status): how the running site is doing, for its
 * admins. A part the server cannot tell (a queue not wired yet, a bucket that does not answer) is
 * null, and the screen says so.
 */
import { z } from 'zod';

const backupStoredIn = z.enum(['folder', 'bucket']);

export const systemStatusSchema = z.object({
  /** package.json's version, and the git commit of the build when it was known. */
  version: z.string(),
  commit: z.string().nullable(),
  nodeVersion: z.string(),
  /** ISO time the server process started, and the seconds since. */
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().nullable(),
  }),
  /** Uploaded files (images, their originals, CVs, quote photos); backups not counted. */
  files: z.object({
    storedIn: backupStoredIn,
    count: z.number().nullable(),
    sizeBytes: z.number().nullable(),
  }),
  queue: z.object({ queued: z.number(), active: z.number(), failed: z.number() }).nullable(),
  mail: z.object({ sent: z.number(), failed: z.number(), queued: z.number() }).nullable(),
  backups: z.object({
    /** The cron expression (the shop's time zone), or null when scheduled backups are off. */
    schedule: z.string().nullable(),
    keep: z.object({ daily: z.number(), weekly: z.number() }),
    storedIn: backupStoredIn,
    last: z.object({ takenAt: z.string(), sizeBytes: z.number(), location: z.string() }).nullable(),
    lastFailure: z.object({ failedAt: z.string(), message: z.string() }).nullable(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
