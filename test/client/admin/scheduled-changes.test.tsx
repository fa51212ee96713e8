// @vitest-environment jsdom
// Scheduled changes in the admin client, against a stand-in for the tRPC options proxy: the
// dashboard panel (pending ones with the shop's time and a link, Cancel after "Please Confirm?",
// failures with their reason, "Nothing scheduled.") and the edit screen's Schedule… (the actions it
// offers, the defaults, the field error next to its field).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import { TRPCClientError } from '@trpc/client';
import type { ScheduledChange } from '#shared/schemas/versions.ts';

const { calls, state, queryClient } = vi.hoisted(() => {
  const holder: { current: unknown } = { current: null };
  return {
    calls: { list: new Array<unknown>(), schedule: new Array<unknown>(), cancel: new Array<unknown>() },
    state: { results: new Array<unknown>(), scheduleError: null as Error | null },
    queryClient: holder,
  };
});

vi.mock('#client/lib/trpc.ts', async () => {
  const { QueryClient: Client } = await import('@tanstack/react-query');
  const client = new Client({ defaultOptions: { queries: { retry: false } } });
  queryClient.current = client;
  return {
    queryClient: client,
    trpc: {
      shop: { get: { queryOptions: () => ({ queryKey: [['shop', 'get']], queryFn: async () => ({ timeZone: 'Europe/London' }) }) } },
      versions: {
        scheduledChanges: {
          pathKey: () => [['versions', 'scheduledChanges']],
          queryOptions: (input: object) => ({
            queryKey: [['versions', 'scheduledChanges'], input],
            queryFn: () => {
              calls.list.push(input);
              return { results: state.results };
            },
          }),
        },
        scheduleChange: {
          mutationOptions: (options: object) => ({
            mutationFn: async (input: unknown) => {
              calls.schedule.push(input);
              if (state.scheduleError) throw state.scheduleError;
              return { ...(input as object), run_at: '2026-12-20T09:00:00.000Z' };
            },
            ...options,
          }),
        },
        cancelScheduledChange: {
          mutationOptions: (options: object) => ({
            mutationFn: async (input: unknown) => {
              calls.cancel.push(input);
            },
            ...options,
          }),
        },
      },
    },
  };
});

const { ScheduledChangesPanel } = await import('#client/pages/admin/dashboard/scheduled-changes-panel.tsx');
const { ScheduleChangeForm } = await import('#client/pages/admin/history/schedule-change-form.tsx');
const { ConfirmProvider } = await import('#client/components/ui/confirm-dialog.tsx');

const change = (overrides: Partial<ScheduledChange>): ScheduledChange => ({
  id: 1,
  kind: 'widget',
  item_id: 7,
  item_label: 'HolidayNotice',
  action: 'publish-draft',
  run_at: '2026-12-20T09:00:00.000Z',
  state: 'pending',
  outcome: null,
  scheduled_by: 'Jane Smith',
  created_at: '2026-11-26T10:00:00.000Z',
  finished_at: null,
  ...overrides,
});

function renderWith(children: ReactNode) {
  const location = memoryLocation({ path: '/', record: true });
  (queryClient.current as QueryClient).clear();
  return render(
    <QueryClientProvider client={queryClient.current as QueryClient}>
      <Router hook={location.hook}>
        <ConfirmProvider>{children}</ConfirmProvider>
      </Router>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  calls.list.length = 0;
  calls.schedule.length = 0;
  calls.cancel.length = 0;
  state.results = [];
  state.scheduleError = null;
});

describe('ScheduledChangesPanel', () => {
  it('lists pending changes with the time at the shop, cancels after confirmation, shows failures', async () => {
    state.results = [
      change({}),
      change({ id: 2, action: 'revert', run_at: '2027-01-02T08:30:00.000Z', kind: 'shop', item_id: 1, item_label: 'Shop details' }),
      change({ id: 3, state: 'failed', outcome: 'The item was deleted meanwhile.', item_label: null }),
    ];
    renderWith(<ScheduledChangesPanel />);
    const link = await screen.findByRole('link', { name: 'HolidayNotice' });
    // The link is absolute (screenHref), so it names the admin screen whatever router it sits in.
    expect(link.getAttribute('href')).toBe('/admin/widgets/7');
    const item = link.closest('li')!;
    expect(item.textContent).toContain('publish the draft');
    // The shop's time (09:00 in London in winter), in the browser's English.
    expect(item.textContent).toMatch(/20 December 2026, 09:00|December 20, 2026, 09:00/);
    expect(item.textContent).toContain('scheduled by Jane Smith');
    expect(screen.getByRole('link', { name: 'Shop details' }).getAttribute('href')).toBe('/admin/shop');
    expect(screen.getByText(/The item was deleted meanwhile\./)).toBeTruthy();
    expect(screen.getByText(/A deleted widget/)).toBeTruthy();

    await userEvent.click(within(item).getByRole('button', { name: 'Cancel the change to HolidayNotice' }));
    expect(calls.cancel).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(calls.cancel).toEqual([{ id: 1 }]);
  });

  it('says so when nothing is scheduled', async () => {
    renderWith(<ScheduledChangesPanel />);
    expect(await screen.findByText('Nothing scheduled.')).toBeTruthy();
  });
});

describe('ScheduleChangeForm', () => {
  it('offers publish only with a draft and revert only for a published widget', async () => {
    renderWith(<ScheduleChangeForm kind="widget" id={7} hasDraft isPublished />);
    const what = await screen.findByLabelText<HTMLSelectElement>('What');
    expect([...what.options].map((o) => o.textContent)).toEqual(['Publish the draft', 'Revert to the previous version']);
    cleanup();
    renderWith(<ScheduleChangeForm kind="testimonial" id={3} hasDraft={false} isPublished />);
    expect(await screen.findByText(/Save a draft first/)).toBeTruthy();
    expect(screen.queryByLabelText('What')).toBeNull();
  });

  it('schedules tomorrow at 09:00 by default and shows a refusal next to its field', async () => {
    const data = { appCode: 'VALIDATION', httpStatus: 422, fieldErrors: { time: ['Choose a time in the future.'] } };
    state.scheduleError = TRPCClientError.from({ error: { code: -32600, message: 'Choose a time in the future.', data } });
    renderWith(<ScheduleChangeForm kind="widget" id={7} hasDraft isPublished />);
    const date = await screen.findByLabelText<HTMLInputElement>(/^Date/);
    expect(date.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByLabelText<HTMLInputElement>(/^Time/).value).toBe('09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(calls.schedule).toEqual([{ kind: 'widget', id: 7, action: 'publish-draft', date: date.value, time: '09:00' }]);
    expect(await screen.findByText('Choose a time in the future.')).toBeTruthy();
    expect(screen.getByLabelText(/^Time/).getAttribute('aria-invalid')).toBe('true');
  });
});
