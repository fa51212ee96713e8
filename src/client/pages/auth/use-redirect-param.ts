import { useSearch } from 'wouter';
import { safeRedirectTarget } from '#client/routing/require-session.tsx';
import type { StaffFacts } from '#shared/permissions.ts';
import { landingOf } from '#shared/staff-landing.ts';

/** The page to return to (`?redirect=`), checked to be one of ours; `fallback` otherwise. */
export function useRedirectParam(fallback: string): string {
  const search = useSearch();
  return safeRedirectTarget(new URLSearchParams(search).get('redirect'), fallback);
}

/**
 * Where a person lands after signing in: the page that sent them (`?redirect=`) if there is one,
 * else staff's first allowed admin screen (#shared/staff-landing.ts) and the home page for everyone
 * else (docs/decisions/admins-land-on-the-dashboard.md).
 */
export function landingAfterSignIn(redirect: string | null, user: StaffFacts | null): string {
  return safeRedirectTarget(redirect, landingOf(user));
}

/** The `?redirect=` of this page, as given (checked when used, by landingAfterSignIn). */
export function useRawRedirectParam(): string | null {
  return new URLSearchParams(useSearch()).get('redirect');
}
