/**
 * The route guard of docs/product.md section 4: no user, or a user whose role (or staff role's
 * permissions) does not allow the screen, goes to Login, which returns to this page afterwards (`/login?redirect=...`).
 */
import type { ReactNode } from 'react';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { ACCOUNT_ROLES, type Role } from '#shared/value-sets.ts';
import type { User } from '#shared/schemas/user.ts';
import { useSession } from '#client/lib/session.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { withRedirect } from '#client/lib/response-status.ts';
import { screenPath } from '#shared/screen-paths.ts';
import { holdsPermission, isStaff, type Permission } from '#shared/permissions.ts';

export interface RequireSessionProps {
  /** Roles allowed in; any signed-in user when absent. */
  roles?: readonly Role[];
  /** Staff only (an owner or a staff role); with `permission`, only those holding it (#shared/permissions.ts). */
  staff?: boolean;
  permission?: Permission | undefined;
  children: ReactNode;
}

/** Whether the guard lets this user in. */
function admits(user: User, { roles, staff, permission }: Omit<RequireSessionProps, 'children'>): boolean {
  if (roles && !roles.includes(user.role)) return false;
  if (staff && !isStaff(user)) return false;
  return permission === undefined || holdsPermission(user, permission);
}

/** The absolute path and query of the current page, also from inside a nested router. */
function useCurrentPath(): string {
  const [location] = useLocation();
  const { base } = useRouter();
  const search = useSearch();
  const path = `${base}${location === '/' && base ? '' : location}` || '/';
  return search ? `${path}?${search}` : path;
}

export function RequireSession({ children, ...rule }: RequireSessionProps) {
  const { user, isRefreshing } = useSession();
  const here = useCurrentPath();
  if (!user || !admits(user, rule)) {
    // Just signed in: the new user is on its way (react-query hands it to React a tick after
    // the sign-in screen has already navigated here).
    if (isRefreshing) return <Spinner label="Checking your account…" />;
    // "~" leaves any nested router: Login lives at the root. A signed-in user whose role is not
    // allowed goes to Login without a way back here, or Login (which sends a signed-in user on
    // to that way back) and this guard would send each other round in a loop; Login sends them home.
    return <Redirect to={`~${user ? screenPath('login') : withRedirect(screenPath('login'), here)}`} replace />;
  }
  return <>{children}</>;
}

/**
 * The sign-in and registration screens are for visitors: a signed-in user who opens one goes on
 * to where signing in would have taken them (`to`), instead of seeing a login form.
 */
export function GuestOnly({ to, children }: { to: string; children: ReactNode }) {
  const { user } = useSession();
  if (user) return <Redirect to={to} replace />;
  return <>{children}</>;
}

/** Where the signed-in user's own area is, or null when their role opens none (a member). */
export function accountHomeOf(user: Pick<User, 'role'>): string | null {
  return (ACCOUNT_ROLES as readonly Role[]).includes(user.role) ? screenPath('accountDashboard') : null;
}

/** Where to go after signing in: the page the user came from, if it is one of ours. */
export function safeRedirectTarget(redirect: string | null | undefined, fallback = '/'): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return fallback;
  return redirect;
}
