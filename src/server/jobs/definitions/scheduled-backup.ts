/**
 * The scheduled backup (backup/scheduled-backup.ts): BACKUP_SCHEDULE in the shop's time zone
 * (nightly at 03:00 on the embedded database, off on PostgreSQL unless set), once for all copies.
 */
import { runScheduledBackup } from '#server/backup/scheduled-backup.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const scheduledBackupJob = defineJob({
  name: 'scheduled-backup',
  payload: z.object({}),
  schedule: (config) => (config.backupSchedule ? { cron: config.backupSchedule, inShopTimeZone: true } : undefined),
  // A large site's archive takes minutes; a copy that died mid-backup hands it on after an hour.
  expireInSeconds: 60 * 60,
  retry: { limit: 2, delaySeconds: 10 * 60, backoff: true },
  async run(deps) {
    // It logs and records its own result (the System screen reads it); a failure is thrown for a retry.
    await runScheduledBackup(deps);
  },
});
