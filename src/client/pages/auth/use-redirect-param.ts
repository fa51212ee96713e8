import { useSearch } from 'wouter';
import { safeRedirectTarget } from '#client/routing/require-session.tsx';
import type { User } from '#shared/schemas/user.ts';
import { screenPath } from '#shared/screen-paths.ts';

/** The page to return to (`?redirect=`), checked to be one of ours; `fallback` otherwise. */
export function useRedirectParam(fallback: string): string {
  const search = useSearch();
  return safeRedirectTarget(new URLSearchParams(search).get('redirect'), fallback);
}

/**
 * Where a person lands after signing in: the page that sent them (`?redirect=`) if there is one,
 * else the admin dashboard for an admin and the home page for everyone else
 * (docs/decisions/admins-land-on-the-dashboard.md).
 */
export function landingAfterSignIn(redirect: string | null, user: Pick<User, 'role'> | null): string {
  const fallback = screenPath(user?.role === 'admin' ? 'adminDashboard' : 'home');
  return safeRedirectTarget(redirect, fallback);
}

/** The `?redirect=` of this page, as given (checked when used, by landingAfterSignIn). */
export function useRawRedirectParam(): string | null {
  return new URLSearchParams(useSearch()).get('redirect');
}
