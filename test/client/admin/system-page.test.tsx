// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { SystemStatus } from '#shared/schemas/system.ts';

// The page is tested against a stand-in for the tRPC options proxy: each test says what
// system.status answers (a value, a failure, or never).
const stub = vi.hoisted(() => ({
  queryClient: undefined as QueryClient | undefined,
  answer: (): Promise<unknown> => new Promise(() => {}),
}));
vi.mock('#client/lib/trpc.ts', async () => {
  const { QueryClient: Client } = await import('@tanstack/react-query');
  const client = new Client({ defaultOptions: { queries: { retry: false } } });
  stub.queryClient = client;
  return {
    queryClient: client,
    trpc: {
      system: { status: { queryOptions: () => ({ queryKey: [['system', 'status']], queryFn: () => stub.answer() }) } },
      shop: { get: { queryOptions: () => ({ queryKey: [['shop', 'get']], queryFn: async () => ({ timeZone: 'Europe/London' }) }) } },
    },
  };
});

// jsdom's browser prefers en-US; a British admin's browser writes "26 November 2026".
Object.defineProperty(navigator, 'languages', { value: ['en-GB', 'en'], configurable: true });
const { SystemPage, formatBytes, formatDuration } = await import('#client/pages/admin/system/system-page.tsx');
const { formatDateTime } = await import('#shared/format/dates.ts');

const status: SystemStatus = {
  version: '1.0.0',
  commit: 'abc123def456',
  nodeVersion: 'v24.21.0',
  startedAt: '2026-11-23T09:15:00.000Z',
  uptimeSeconds: 3 * 86_400 + 4 * 3600 + 59,
  database: { engine: 'pglite', sizeBytes: 12_345_678 },
  files: { storedIn: 'folder', count: 1234, sizeBytes: 2_500_000_000 },
  queue: null,
  mail: null,
  backups: {
    schedule: '0 3 * * *',
    keep: { daily: 7, weekly: 4 },
    storedIn: 'folder',
    last: {
      takenAt: '2026-11-26T03:00:00.000Z',
      sizeBytes: 4_200_000,
      location: '/srv/site/data/backups/backup-2026-11-26T030000Z.tar.gz',
    },
    lastFailure: null,
  },
};

function renderPage() {
  const client = stub.queryClient!;
  client.clear();
  render(
    <QueryClientProvider client={client}>
      <SystemPage />
    </QueryClientProvider>,
  );
}

/** The cell beside a row's heading. */
function cell(label: string): string {
  return within(screen.getByRole('rowheader', { name: label }).closest('tr')!).getByRole('cell').textContent ?? '';
}

afterEach(() => {
  cleanup();
});

describe('SystemPage', () => {
  it('says it is loading until the status comes', () => {
    stub.answer = () => new Promise(() => {});
    renderPage();
    expect(screen.getByRole('status').textContent).toContain("Loading the system's status…");
    expect(screen.getByRole('heading', { level: 1, name: 'System' })).toBeTruthy();
  });

  it('shows the version, uptime, database, files and the last backup, British style in the shop’s time zone', async () => {
    stub.answer = async () => status;
    renderPage();
    await screen.findByRole('heading', { name: 'Backups' });
    expect(cell('Version')).toBe('1.0.0 (commit abc123def456)');
    expect(cell('Running since')).toBe('23 November 2026, 09:15 (3 days, 4 hours)');
    expect(cell('Database')).toBe('Embedded (PGlite), 12.3 MB');
    expect(cell('Stored files')).toBe('1,234 files, 2.5 GB');
    expect(cell('Schedule')).toBe('Every day at 03:00, to the data folder (DATA_DIR/backups); keeps 7 daily and 4 weekly');
    expect(cell('Last backup')).toBe('26 November 2026, 03:00, 4.2 MB/srv/site/data/backups/backup-2026-11-26T030000Z.tar.gz');
    // Queues not wired yet: said so, not shown as zero.
    expect(cell('Job queue')).toBe('Not reported yet');
    expect(cell('Failed jobs')).toBe('Not reported yet');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty states: no files, no backup yet, backups off, and the queues once reported', async () => {
    stub.answer = async () => ({
      ...status,
      database: { engine: 'postgres', sizeBytes: null },
      files: { storedIn: 'bucket', count: 0, sizeBytes: 0 },
      queue: { queued: 2, active: 1, failed: 5 },
      mail: { sent: 40, failed: 1, queued: 0 },
      backups: { ...status.backups, schedule: null, last: null },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Backups' });
    expect(cell('Database')).toBe('PostgreSQL, size unknown');
    expect(cell('Stored files')).toBe('No files stored yet (S3 bucket)');
    expect(cell('Job queue')).toBe('2 waiting, 1 running');
    expect(cell('Failed jobs')).toBe('5');
    expect(cell('E-mails')).toBe('40 sent, 1 failed, 0 waiting');
    expect(cell('Schedule')).toMatch(/^Off \(BACKUP_SCHEDULE\)/);
    expect(cell('Last backup')).toBe('No scheduled backup yet');
  });

  it('shows a failed backup newer than the last good one', async () => {
    stub.answer = async () => ({
      ...status,
      backups: { ...status.backups, lastFailure: { failedAt: '2026-07-01T02:00:04.000Z', message: 'no space left on device' } },
    });
    renderPage();
    // Summer time: 02:00 UTC is 03:00 in London.
    expect((await screen.findByRole('alert')).textContent).toBe('The backup of 1 July 2026, 03:00 failed: no space left on device');
  });

  it('says what went wrong when the status cannot be read, and tries again', async () => {
    let calls = 0;
    stub.answer = async () => {
      calls += 1;
      if (calls === 1) throw new Error('Something went wrong.');
      return status;
    };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Backups' });
    expect(calls).toBe(2);
  });

  it('formats sizes, durations and moments', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatDuration(30)).toBe('less than a minute');
    expect(formatDuration(3600 + 60)).toBe('1 hour, 1 minute');
    expect(formatDuration(2 * 86_400)).toBe('2 days');
    expect(formatDateTime('2026-11-26T03:00:00Z', { timeZone: 'Europe/London' })).toBe('26 November 2026, 03:00');
  });
});
