// @vitest-environment jsdom
// The History panel against a stand-in for the tRPC options proxy that pages as the server does:
// the newest page first, Show older (from the keyboard) appends the next until there is none, the
// empty state, and Compare asking for that one version's fields.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { History, VersionSummary } from '#shared/schemas/versions.ts';

const { calls, state, queryClient } = vi.hoisted(() => {
  const holder: { current: unknown } = { current: null };
  return {
    calls: { pages: new Array<unknown>(), versions: new Array<number>() },
    state: { count: 0, pageSize: 2 },
    queryClient: holder,
  };
});

vi.mock('#client/lib/trpc.ts', async () => {
  const { QueryClient: Client } = await import('@tanstack/react-query');
  const client = new Client({ defaultOptions: { queries: { retry: false } } });
  queryClient.current = client;
  const summary = (number: number): VersionSummary => ({
    id: 100 + number,
    number,
    status: 'published',
    author: 'Jane Smith',
    restored_from: null,
    created_at: '2026-11-26T10:00:00.000Z',
    updated_at: '2026-11-26T10:00:00.000Z',
  });
  return {
    queryClient: client,
    trpc: {
      shop: { get: { queryOptions: () => ({ queryKey: [['shop', 'get']], queryFn: async () => ({ timeZone: 'Europe/London' }) }) } },
      versions: {
        history: {
          infiniteQueryOptions: (input: object, options: object) => ({
            queryKey: [['versions', 'history'], { input, type: 'infinite' }],
            initialPageParam: undefined,
            queryFn: ({ pageParam }: { pageParam?: string }): History => {
              calls.pages.push(pageParam);
              const below = pageParam === undefined ? state.count + 1 : Number(pageParam);
              const numbers = Array.from({ length: Math.min(state.pageSize, below - 1) }, (_, i) => below - 1 - i);
              const last = numbers.at(-1);
              return {
                kind: 'testimonial',
                item_id: 7,
                current: { name: 'Ann', score: 5, review: '<p>Now</p>' },
                versions: numbers.map(summary),
                thumbs: {},
                next_cursor: last !== undefined && last > 1 ? String(last) : null,
              };
            },
            ...options,
          }),
        },
        version: {
          queryOptions: (input: { id: number }) => ({
            queryKey: [['versions', 'version'], input],
            queryFn: () => {
              calls.versions.push(input.id);
              return { version: { ...summary(input.id - 100), data: { name: 'Ann', score: 5, review: '<p>Then</p>' } }, thumbs: {} };
            },
          }),
        },
        restore: { mutationOptions: (options: object) => ({ mutationFn: async () => ({}), ...options }) },
      },
    },
  };
});

const { HistoryPanel } = await import('#client/pages/admin/history/history-panel.tsx');
const { ConfirmProvider } = await import('#client/components/ui/confirm-dialog.tsx');

function renderPanel() {
  (queryClient.current as QueryClient).clear();
  return render(
    <QueryClientProvider client={queryClient.current as QueryClient}>
      <ConfirmProvider>
        <HistoryPanel kind="testimonial" id={7} onRestored={() => undefined} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

const shownNumbers = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => Number(/Version (\d+)/.exec(item.textContent ?? '')![1]));

afterEach(() => {
  cleanup();
  calls.pages.length = 0;
  calls.versions.length = 0;
});

describe('HistoryPanel', () => {
  it('shows the newest page; Show older, pressed from the keyboard, loads each older page until there is none', async () => {
    state.count = 5;
    renderPanel();
    await screen.findByText('(current)', { exact: false });
    expect(shownNumbers()).toEqual([5, 4]);
    const older = screen.getByRole('button', { name: 'Show older versions' });
    older.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Version 3');
    expect(shownNumbers()).toEqual([5, 4, 3, 2]);
    screen.getByRole('button', { name: 'Show older versions' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Version 1');
    expect(shownNumbers()).toEqual([5, 4, 3, 2, 1]);
    expect(screen.queryByRole('button', { name: 'Show older versions' })).toBeNull();
    expect(calls.pages).toEqual([undefined, '4', '2']);
    // Only the newest is current: every older one, on any page, can be restored.
    expect(screen.getAllByRole('button', { name: /^Restore version/ })).toHaveLength(4);
  });

  it('Compare asks for that version and shows it beside the current one', async () => {
    state.count = 3;
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Compare version 2' }));
    const table = await screen.findByRole('table', { name: 'Version 2 compared with the current one' });
    expect(table.textContent).toContain('Then');
    expect(table.textContent).toContain('Now');
    expect(calls.versions).toEqual([102]);
  });

  it('says so when there are no versions yet, with no Show older', async () => {
    state.count = 0;
    renderPanel();
    await screen.findByText('No versions yet: each save keeps one.');
    expect(screen.queryByRole('button', { name: 'Show older versions' })).toBeNull();
  });
});
