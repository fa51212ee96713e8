/**
 * The signed-in user's area (/account/*): its header and side menu, in a chunk of its own. The
 * screens inside are the route table's `account` entries (src/shared/screens.ts), routed by
 * src/client/routing/screen-routes.tsx relative to /account (wouter nesting); the links are
 * absolute (screenHref), so they read the same inside the nest as anywhere else.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { screenHref, useFullPath } from '#client/lib/screen-links.ts';
import { screenPath, type ScreenWithoutParams } from '#shared/screen-paths.ts';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { useSession } from '#client/lib/session.tsx';

const MENU: { screen: ScreenWithoutParams; label: string }[] = [
  { screen: 'accountDashboard', label: 'Dashboard' },
  { screen: 'accountProfile', label: 'Update Profile' },
  { screen: 'accountPassword', label: 'Change Password' },
  { screen: 'accountTwoFactor', label: 'Two Factor Auth' },
  { screen: 'accountSessions', label: 'Signed-in Devices' },
  { screen: 'accountSecurity', label: 'Sign-in & Security' },
  { screen: 'accountQuotes', label: 'My Quotes' },
  { screen: 'accountBookings', label: 'My Bookings' },
  { screen: 'accountRepairs', label: 'My Repairs' },
];

function AccountMenu() {
  const fullPath = useFullPath();
  const { isAdmin, signOut } = useSession();
  // On a phone the menu is one row that scrolls sideways: the current tab is scrolled into that
  // row (the row only, never the page), so the one you are on is always in sight.
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2;
  }, [fullPath]);
  return (
    <nav className="side-menu" aria-label="Account">
      <ul ref={row}>
        {MENU.map((item) => (
          <li key={item.screen}>
            <Link
              href={screenHref(item.screen)}
              className="side-menu__link"
              aria-current={fullPath === screenPath(item.screen) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
        {isAdmin && (
          <li>
            <Link href={screenHref('adminDashboard')} className="side-menu__link">
              Admin
            </Link>
          </li>
        )}
        <li>
          <button type="button" className="side-menu__link side-menu__button" onClick={() => void signOut()}>
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}

export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="My Account" />
      <div className="container section account-layout">
        <AccountMenu />
        <div className="account-layout__content">{children}</div>
      </div>
    </>
  );
}
