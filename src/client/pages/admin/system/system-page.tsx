/**
 * System (/admin/system): how the running site is doing (system.status): version, uptime, the
 * database, the stored files, the background queues and the scheduled backups. Read-only. Times
 * are shown in the shop's time zone, as "26 November 2026, 03:00".
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '#shared/schemas/system.ts';
import { trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { DEFAULT_TIME_ZONE } from '#shared/value-sets.ts';
import { formatDateTime, type DateFormat } from '#shared/format/dates.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';

/** "12.3 MB": decimal units, as disks and buckets count them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat('en-GB', { style: 'unit', unit: units[unit], maximumFractionDigits: 1 }).format(value);
}

/** "3 days, 4 hours", "2 hours, 5 minutes", "less than a minute". */
export function formatDuration(seconds: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')}, ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')}, ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  return minutes > 0 ? plural(minutes, 'minute') : 'less than a minute';
}

/** "Every night at 03:00" for a daily cron expression; otherwise the expression itself. */
export function describeSchedule(cron: string): string {
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron);
  if (!daily) return `On the schedule "${cron}"`;
  const time = `${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')}`;
  return `Every day at ${time}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-section" aria-labelledby={`system-${title}`}>
      <h2 id={`system-${title}`}>{title}</h2>
      <div className="admin-table-wrap">
        <table className="admin-table system-table">
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

const NOT_REPORTED = 'Not reported yet';

export function SystemPage() {
  const status = useQuery(trpc.system.status.queryOptions());
  const dates = useDateFormat();
  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">System</h1>
      </div>
      {status.isPending ? (
        <Spinner label="Loading the system's status…" />
      ) : status.error ? (
        <>
          <ErrorSummary error={status.error} />
          <p>
            <Button onClick={() => void status.refetch()}>Try again</Button>
          </p>
        </>
      ) : (
        <SystemDetails status={status.data} dates={dates} />
      )}
    </>
  );
}

function SystemDetails({ status, dates }: { status: SystemStatus; dates: DateFormat }) {
  const { database, files, queue, mail, backups } = status;
  const where = backups.storedIn === 'bucket' ? 'the S3 bucket (private/backups/)' : 'the data folder (DATA_DIR/backups)';
  return (
    <>
      <p className="admin-form__note">Times are in the shop&apos;s time zone ({dates.timeZone ?? DEFAULT_TIME_ZONE}).</p>
      <Section title="Site">
        <Row label="Version">{status.commit ? `${status.version} (commit ${status.commit})` : status.version}</Row>
        <Row label="Running since">
          {formatDateTime(status.startedAt, dates)} ({formatDuration(status.uptimeSeconds)})
        </Row>
        <Row label="Node.js">{status.nodeVersion}</Row>
      </Section>

      <Section title="Storage">
        <Row label="Database">
          {database.engine === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'}
          {database.sizeBytes === null ? ', size unknown' : `, ${formatBytes(database.sizeBytes)}`}
        </Row>
        <Row label="Stored files">
          {files.count === null || files.sizeBytes === null
            ? `Could not be read from ${files.storedIn === 'bucket' ? 'the S3 bucket' : 'the data folder'}`
            : files.count === 0
              ? 'No files stored yet'
              : `${files.count.toLocaleString('en-GB')} ${files.count === 1 ? 'file' : 'files'}, ${formatBytes(files.sizeBytes)}`}
          {files.storedIn === 'bucket' ? ' (S3 bucket)' : ''}
        </Row>
      </Section>

      <Section title="Background work">
        <Row label="Job queue">{queue ? `${queue.queued} waiting, ${queue.active} running` : NOT_REPORTED}</Row>
        <Row label="Failed jobs">{queue ? String(queue.failed) : NOT_REPORTED}</Row>
        <Row label="E-mails">{mail ? `${mail.sent} sent, ${mail.failed} failed, ${mail.queued} waiting` : NOT_REPORTED}</Row>
      </Section>

      <Section title="Backups">
        <Row label="Schedule">
          {backups.schedule
            ? `${describeSchedule(backups.schedule)}, to ${where}; keeps ${backups.keep.daily} daily and ${backups.keep.weekly} weekly`
            : 'Off (BACKUP_SCHEDULE): back the database up with its own tools, or run npm run backup'}
        </Row>
        <Row label="Last backup">
          {backups.last ? (
            <>
              {formatDateTime(backups.last.takenAt, dates)}, {formatBytes(backups.last.sizeBytes)}
              <br />
              <code className="system-table__location">{backups.last.location}</code>
            </>
          ) : (
            'No scheduled backup yet'
          )}
        </Row>
      </Section>
      {backups.lastFailure && (
        <Alert tone="error">
          The backup of {formatDateTime(backups.lastFailure.failedAt, dates)} failed: {backups.lastFailure.message}
        </Alert>
      )}
    </>
  );
}
