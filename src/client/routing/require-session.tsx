/**
 * The route guard of SPEC.md section 4: no user, or a user whose role is not allowed, goes to
 * Login, which returns to this page afterwards (`/login?redirect=...`).
 */
import type { ReactNode } from 'react';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import type { Role } from '#shared/value-sets.ts';
import { useSession } from '#client/lib/session.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { withRedirect } from '#client/lib/response-status.ts';

export interface RequireSessionProps {
  /** Roles allowed in; any signed-in user when absent. */
  roles?: readonly Role[];
  children: ReactNode;
}

/** The absolute path and query of the current page, also from inside a nested router. */
export function useCurrentPath(): string {
  const [location] = useLocation();
  const { base } = useRouter();
  const search = useSearch();
  const path = `${base}${location === '/' && base ? '' : location}` || '/';
  return search ? `${path}?${search}` : path;
}

export function RequireSession({ roles, children }: RequireSessionProps) {
  const { user, isRefreshing } = useSession();
  const here = useCurrentPath();
  if (!user || (roles && !roles.includes(user.role))) {
    // Just signed in: the new user is on its way (react-query hands it to React a tick after
    // the sign-in screen has already navigated here).
    if (isRefreshing) return <Spinner label="Checking your account…" />;
    // "~" leaves any nested router: Login lives at the root.
    return <Redirect to={`~${withRedirect('/login', here)}`} replace />;
  }
  return <>{children}</>;
}

/** Where to go after signing in: the page the user came from, if it is one of ours. */
export function safeRedirectTarget(redirect: string | null | undefined, fallback = '/'): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return fallback;
  return redirect;
}
