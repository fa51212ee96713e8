/** Scheduled backups: when they run and how many are kept. */
import { z } from 'zod';
import { cronExpressionProblem } from '../cron-expression.ts';
import type { dataVariables } from './data-config.ts';
import { variable } from './env-values.ts';

const DEFAULT_BACKUP_SCHEDULE = '0 3 * * *';

export interface BackupKeep {
  daily: number;
  weekly: number;
}

export const backupVariables = z.object({
  BACKUP_SCHEDULE: variable(
    z
      .string()
      .transform((v, ctx) => {
        const text = v.trim().replace(/\s+/g, ' ');
        if (['off', 'false', 'no'].includes(text.toLowerCase())) return 'off' as const;
        const problem = cronExpressionProblem(text);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return text;
      })
      .optional(),
  ),
  BACKUP_KEEP: variable(
    z
      .string()
      .transform((v, ctx) => {
        const keep: BackupKeep = { daily: 0, weekly: 0 };
        const parts = v
          .split(',')
          .map((p) => p.trim().toLowerCase())
          .filter(Boolean);
        for (const part of parts) {
          const match = /^(\d{1,3})([dw])$/.exec(part);
          if (!match) {
            ctx.addIssue({ code: 'custom', message: 'must be counts of daily and weekly backups, such as 7d,4w' });
            return z.NEVER;
          }
          keep[match[2] === 'd' ? 'daily' : 'weekly'] = Number(match[1]);
        }
        if (keep.daily + keep.weekly === 0) {
          ctx.addIssue({ code: 'custom', message: 'must keep at least one backup (such as 7d,4w)' });
          return z.NEVER;
        }
        return keep;
      })
      .optional(),
  ),
});

export function backupConfig(e: z.output<typeof backupVariables> & Pick<z.output<typeof dataVariables>, 'DATABASE_URL'>) {
  return {
    /**
     * When scheduled backups run (BACKUP_SCHEDULE): a 5-field cron expression in the shop's time
     * zone, or undefined when off. Default: 03:00 nightly on the embedded database, off with
     * DATABASE_URL (the operator's own PostgreSQL backups are expected there).
     */
    backupSchedule: e.BACKUP_SCHEDULE === 'off' ? undefined : (e.BACKUP_SCHEDULE ?? (e.DATABASE_URL ? undefined : DEFAULT_BACKUP_SCHEDULE)),
    /** How many scheduled backups are kept (BACKUP_KEEP): the newest of so many days and ISO weeks. */
    backupKeep: e.BACKUP_KEEP ?? { daily: 7, weekly: 4 },
  };
}
