// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '#shared/schemas/user.ts';
import type { Session } from '#client/lib/session.tsx';
import { ConfirmProvider } from '#client/components/ui/confirm-dialog.tsx';

// The profile's CV, date of birth and skills are kept for people applying to work at the shop:
// grouped, optional, and the delete-account text names a CV only to someone who sent one.
const session: { current: Session } = vi.hoisted(() => ({ current: undefined as unknown as Session }));
vi.mock('#client/lib/session.tsx', () => ({ useSession: () => session.current }));

const { ProfilePage } = await import('#client/pages/account/profile-page.tsx');
const { DashboardPage } = await import('#client/pages/account/dashboard-page.tsx');

function signIn(overrides: Partial<User> = {}) {
  const user: User = {
    id: 1,
    firstname: 'Ann',
    lastname: 'Lee',
    email: 'ann@example.com',
    telephone: null,
    role: 'user',
    skills: '',
    dob: null,
    has_cv: false,
    email_verified_at: '2026-01-01T00:00:00Z',
    two_factor: false,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
  session.current = {
    user,
    isLoading: false,
    isRefreshing: false,
    isAdmin: false,
    refetch: async () => null,
    signOut: async () => {},
    forgetUser: () => {},
  };
}

function renderWithProviders(ui: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConfirmProvider>{ui}</ConfirmProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('Update Contact Details', () => {
  it('groups the date of birth and the CV under "Applying to work with us?", said to be optional', () => {
    signIn();
    renderWithProviders(<ProfilePage />);
    expect(screen.getByRole('heading', { name: 'Update Contact Details' })).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Applying to work with us?' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toMatch(/optional/);
    expect(within(group).getByRole('group', { name: 'Date of birth' })).toBeTruthy();
    expect(within(group).getByLabelText(/^CV/)).toBeTruthy();
    // Nothing in it is required; the contact fields stay outside it.
    for (const control of group.querySelectorAll('input, select')) expect(control.hasAttribute('required')).toBe(false);
    expect(within(group).queryByLabelText('Email Address')).toBeNull();
    expect(screen.getByLabelText('Email Address')).toBeTruthy();
    // No skills noted: no skills line.
    expect(within(group).queryByText('Skills we have noted')).toBeNull();
  });

  it('shows the skills the shop has noted inside the group', () => {
    signIn({ skills: 'Panel beating\nSpraying', has_cv: true });
    renderWithProviders(<ProfilePage />);
    const group = screen.getByRole('group', { name: 'Applying to work with us?' });
    expect(within(group).getByText('Skills we have noted')).toBeTruthy();
    expect(within(group).getByText(/Panel beating/).textContent).toBe('Panel beating\nSpraying');
    expect(within(group).getByLabelText('CV (replace the one we hold)')).toBeTruthy();
  });
});

describe('Delete Account', () => {
  const text = () => screen.getByRole('heading', { name: 'Delete Account' }).closest('section')!.querySelector('p')!.textContent;

  it('does not mention a CV to someone who never sent one', () => {
    signIn({ has_cv: false });
    renderWithProviders(<DashboardPage />);
    expect(text()).toMatch(/^Deleting your account removes your profile and every signed-in device/);
    expect(text()).not.toMatch(/CV/);
  });

  it('says the CV goes too when there is one', () => {
    signIn({ has_cv: true });
    renderWithProviders(<DashboardPage />);
    expect(text()).toMatch(/^Deleting your account removes your profile, the CV you sent us and every signed-in device/);
  });
});
