// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '#shared/schemas/user.ts';
import { ACCOUNT_ROLES, ADMIN_ROLES, type Role, type StaffRole } from '#shared/value-sets.ts';
import type { Session } from '#client/lib/session.tsx';
import { accountHomeOf, GuestOnly, RequireSession, safeRedirectTarget } from '#client/routing/require-session.tsx';
import { SiteHeader } from '#client/layouts/site-header.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import { needsSignIn, SCREEN_AREAS, SCREEN_LIST } from '#shared/screens.ts';
import { screenPath } from '#test/support/screens.ts';
import { AppRoutes } from '#client/routing/screen-routes.tsx';

const session: { current: Session } = { current: sessionFor(null) };
vi.mock('#client/lib/session.tsx', () => ({ useSession: () => session.current }));

function sessionFor(role: Role | null): Session {
  const user = role
    ? ({
        id: 1,
        firstname: 'Ann',
        lastname: 'Lee',
        email: 'ann@example.com',
        telephone: null,
        role,
        skills: '',
        dob: null,
        has_cv: false,
        email_verified_at: null,
        two_factor: false,
        created_at: '2026-01-01T00:00:00Z',
      } satisfies User)
    : null;
  return {
    user,
    isLoading: false,
    isRefreshing: false,
    isAdmin: role === 'admin',
    refetch: async () => null,
    signOut: async () => {},
    forgetUser: () => {},
  };
}

function renderAt(path: string, role: Role | null) {
  session.current = sessionFor(role);
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Switch>
        <Route path="/login">
          <GuestOnly to="/">Login screen</GuestOnly>
        </Route>
        <Route path="/">Home page</Route>
        <Route path="/account" nest>
          <RequireSession roles={ACCOUNT_ROLES}>
            <Route path="/">Account dashboard</Route>
            <Route path="/profile">Profile form</Route>
          </RequireSession>
        </Route>
        <Route path="/admin" nest>
          <RequireSession roles={ADMIN_ROLES}>Admin area</RequireSession>
        </Route>
        <Route path="/confirm-password">
          <RequireSession>Confirm password</RequireSession>
        </Route>
      </Switch>
    </Router>,
  );
  return location;
}

afterEach(cleanup);

describe('the route guard (docs/product.md section 4)', () => {
  it('sends a visitor to Login, remembering the page', () => {
    const location = renderAt('/account/profile', null);
    expect(screen.getByText('Login screen')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/login?redirect=%2Faccount%2Fprofile');
  });

  it('lets a user into the account area', () => {
    renderAt('/account/profile', 'user');
    expect(screen.getByText('Profile form')).toBeTruthy();
  });

  it('sends a member (a role the account area does not allow) through Login, which sends them home', () => {
    const location = renderAt('/account', 'member');
    expect(location.history.at(-1)).toBe('/');
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('keeps a user out of the admin area without a loop back to it', () => {
    const location = renderAt('/admin/users', 'user');
    expect(screen.queryByText('Admin area')).toBeNull();
    expect(location.history.at(-1)).toBe('/');
  });

  it('lets an admin into both areas', () => {
    renderAt('/admin/users', 'admin');
    expect(screen.getByText('Admin area')).toBeTruthy();
    cleanup();
    renderAt('/account', 'admin');
    expect(screen.getByText('Account dashboard')).toBeTruthy();
  });

  it('asks any signed-in user to confirm their password, and a visitor to sign in first', () => {
    renderAt('/confirm-password?redirect=%2Faccount%2F2fa', 'member');
    expect(screen.getByText('Confirm password')).toBeTruthy();
    cleanup();
    const location = renderAt('/confirm-password?redirect=%2Faccount%2F2fa', null);
    expect(location.history.at(-1)).toBe('/login?redirect=%2Fconfirm-password%3Fredirect%3D%252Faccount%252F2fa');
  });
});

describe('what a role is shown', () => {
  it('sends a signed-in visitor of Login on, instead of showing the form', () => {
    const location = renderAt('/login', 'user');
    expect(screen.queryByText('Login screen')).toBeNull();
    expect(location.history.at(-1)).toBe('/');
  });

  it('gives users and admins an account area, and a member none', () => {
    expect(accountHomeOf({ role: 'user' })).toBe('/account');
    expect(accountHomeOf({ role: 'admin' })).toBe('/account');
    expect(accountHomeOf({ role: 'member' })).toBeNull();
  });

  it.each([
    [null, 'Log in'],
    ['user', 'My Account'],
    ['member', 'Log out'],
  ] as const)('the header offers %s: %s', (role, label) => {
    session.current = sessionFor(role);
    const location = memoryLocation({ path: '/' });
    // The header names the shop (its logo's text) from the shop's details, here already in the cache.
    const queryClient = new QueryClient();
    queryClient.setQueryData(trpc.shop.get.queryKey(), defaultShop);
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>
          <SiteHeader />
        </Router>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain(label);
    if (role === 'member') expect(screen.queryByText('My Account')).toBeNull();
  });
});

describe('where Login returns to', () => {
  it.each([
    ['/account', '/account'],
    ['/galleries/3?x=1', '/galleries/3?x=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
  ])('%s → %s', (redirect, expected) => {
    expect(safeRedirectTarget(redirect)).toBe(expected);
  });
});

describe('right after signing in', () => {
  it('waits for the user being fetched instead of sending them back to Login', () => {
    session.current = { ...sessionFor(null), isRefreshing: true };
    const location = memoryLocation({ path: '/account', record: true });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Route path="/account" nest>
          <RequireSession roles={ACCOUNT_ROLES}>Account dashboard</RequireSession>
        </Route>
      </Router>,
    );
    expect(screen.getByRole('status').textContent).toContain('Checking your account');
    expect(location.history).toEqual(['/account']);
  });
});

/** The site's real routes (src/client/routing/screen-routes.tsx), at `path`, for `role` (null: a visitor). */
function renderRoutesAt(path: string, role: Role | null, staffRole: StaffRole | null = null) {
  session.current = sessionFor(role);
  // session.current carries the staff role beside the user's fields.
  if (session.current.user) session.current.user = { ...session.current.user, staff_role: staffRole } as User;
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  queryClient.setQueryData(trpc.shop.get.queryKey(), defaultShop);
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AppRoutes notFoundPath={undefined} />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('the route table, walked (src/shared/screens.ts)', () => {
  // jsdom has no scrolling; the routes' scroll restoration asks for it.
  beforeAll(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  const guarded = SCREEN_LIST.filter((screen) => needsSignIn(screen.access));
  const open = SCREEN_LIST.filter((screen) => !needsSignIn(screen.access));

  it.each(guarded.map((screen) => [screen.id, screenPath(screen)]))('%s (%s) sends a visitor to Login and back', (_id, path) => {
    const location = renderRoutesAt(path, null);
    expect(location.history.at(-1)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
  });

  it.each(Object.values(SCREEN_AREAS).map((area) => [`${area.path}/no-such-screen`]))(
    'an unknown path inside an area, %s, is guarded as the area is',
    (path) => {
      const location = renderRoutesAt(path, null);
      expect(location.history.at(-1)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    },
  );

  it.each(open.map((screen) => [screen.id, screenPath(screen)]))('%s (%s) opens for a visitor', (_id, path) => {
    const location = renderRoutesAt(path, null);
    expect(location.history).toEqual([path]);
  });

  it('lets a staff role into the screens its permission allows, and turns it away from the others as a customer is', async () => {
    const board = renderRoutesAt('/admin/repairs', 'user', 'technician');
    await screen.findByRole('navigation', { name: 'Admin' });
    expect(board.history).toEqual(['/admin/repairs']);
    cleanup();
    // The quotes screen needs 'quotes', which an editor lacks: Login, which sends them home.
    const quotes = renderRoutesAt('/admin/quotes', 'user', 'editor');
    await vi.waitFor(() => expect(quotes.history.at(-1)).toBe('/'));
    cleanup();
    const customer = renderRoutesAt('/admin/quotes', 'user');
    await vi.waitFor(() => expect(customer.history.at(-1)).toBe('/'));
  });
});
