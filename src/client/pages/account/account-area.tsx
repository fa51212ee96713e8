/**
 * The signed-in user's area (/account/*): its header and side menu, in a chunk of its own. The
 * screens inside are the route table's `account` entries (src/shared/screens.ts), routed by
 * src/client/routing/screen-routes.tsx relative to /account (wouter nesting); "~" marks the one
 * absolute link, to the admin area.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { useSession } from '#client/lib/session.tsx';

const MENU = [
  { href: '/', label: 'Dashboard' },
  { href: '/profile', label: 'Update Profile' },
  { href: '/password', label: 'Change Password' },
  { href: '/2fa', label: 'Two Factor Auth' },
  { href: '/sessions', label: 'Signed-in Devices' },
  { href: '/security', label: 'Sign-in & Security' },
  { href: '/quotes', label: 'My Quotes' },
  { href: '/bookings', label: 'My Bookings' },
  { href: '/repairs', label: 'My Repairs' },
];

function AccountMenu() {
  const [location] = useLocation();
  const { isAdmin, signOut } = useSession();
  return (
    <nav className="side-menu" aria-label="Account">
      <ul>
        {MENU.map((item) => (
          <li key={item.href}>
            <Link href={item.href} className="side-menu__link" aria-current={location === item.href ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
        {isAdmin && (
          <li>
            <Link href="~/admin" className="side-menu__link">
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
