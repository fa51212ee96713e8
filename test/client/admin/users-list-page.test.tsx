// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '#shared/schemas/user.ts';

// The page is tested against a stand-in for the tRPC options proxy: it records what was asked.
const { listCalls, queryClient } = vi.hoisted(() => {
  const holder: { current: unknown } = { current: null };
  return { listCalls: [] as unknown[], queryClient: holder };
});
vi.mock('#client/lib/trpc.ts', async () => {
  const { QueryClient: Client } = await import('@tanstack/react-query');
  const client = new Client({ defaultOptions: { queries: { retry: false } } });
  queryClient.current = client;
  const user = (id: number, skills: string): User => ({
    id,
    firstname: `First${id}`,
    lastname: 'Smith',
    email: `u${id}@example.com`,
    telephone: null,
    role: 'user',
    skills,
    dob: null,
    has_cv: false,
    email_verified_at: null,
    two_factor: false,
    created_at: '2026-01-01T00:00:00Z',
  });
  return {
    queryClient: client,
    trpc: {
      users: {
        list: {
          pathKey: () => [['users', 'list']],
          queryOptions: (input: { search: string; page: number }) => ({
            queryKey: [['users', 'list'], input],
            queryFn: () => {
              listCalls.push(input);
              return { data: [user(1, 'x'.repeat(100))], total: 60, per_page: 25, current_page: input.page, last_page: 3 };
            },
          }),
        },
        create: { mutationOptions: (options: object) => ({ mutationFn: async () => ({}), ...options }) },
      },
    },
  };
});

// An estimator's view: the list without the owner's staff invitations (their own tests: test/e2e/staff-invitations.test.ts).
vi.mock('#client/lib/session.tsx', () => ({ useSession: () => ({ user: { role: 'user', staff_role: 'estimator' } }) }));

const { UsersListPage } = await import('#client/pages/admin/users/users-list-page.tsx');

afterEach(() => {
  cleanup();
  listCalls.length = 0;
  vi.useRealTimers();
});

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={queryClient.current as QueryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <UsersListPage />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('UsersListPage', () => {
  it('asks for the page and search in the URL and shows 80 characters of skills', async () => {
    renderAt('/users?search=smith&page=2');
    expect(await screen.findByText(`${'x'.repeat(80)}…`)).toBeTruthy();
    expect(listCalls).toContainEqual({ search: 'smith', page: 2 });
    expect(screen.getByLabelText<HTMLInputElement>('Search by name or e-mail').value).toBe('smith');
  });

  it('puts a new search in the URL once typing pauses, back at page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const location = renderAt('/users?page=3');
    await screen.findByText('First1 Smith');

    await user.type(screen.getByLabelText('Search by name or e-mail'), 'ann');
    expect(location.history.at(-1)).toBe('/users?page=3');
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(location.history.at(-1)).toBe('/users?search=ann');
    expect(await screen.findByText('matching “ann”', { exact: false })).toBeTruthy();
    expect(listCalls).toContainEqual({ search: 'ann', page: 1 });
  });

  it('pages through the list with the page number in the URL', async () => {
    const user = userEvent.setup();
    const location = renderAt('/users?search=smith');
    await screen.findByText('First1 Smith');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(location.history.at(-1)).toBe('/users?search=smith&page=2');
  });
});
