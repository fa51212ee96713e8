/**
 * The signed-in user's area (/account/*), its own chunk. Routes here are relative to /account
 * (wouter nesting); "~" marks the one absolute link, to the admin area.
 */
import { Link, Route, Switch, useLocation } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { useSession } from '#client/lib/session.tsx';
import { NotFoundPage } from '#client/pages/not-found/not-found-page.tsx';
import { DashboardPage } from '#client/pages/account/dashboard-page.tsx';
import { ProfilePage } from '#client/pages/account/profile-page.tsx';
import { ChangePasswordPage } from '#client/pages/account/change-password-page.tsx';
import { TwoFactorPage } from '#client/pages/account/two-factor-page.tsx';
import { SessionsPage } from '#client/pages/account/sessions-page.tsx';
import { QuotesPage } from '#client/pages/account/quotes-page.tsx';

const MENU = [
  { href: '/', label: 'Dashboard' },
  { href: '/profile', label: 'Update Profile' },
  { href: '/password', label: 'Change Password' },
  { href: '/2fa', label: 'Two Factor Auth' },
  { href: '/sessions', label: 'Signed-in Devices' },
  { href: '/quotes', label: 'My Quotes' },
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

export function AccountArea() {
  return (
    <>
      <PageHeader title="My Account" />
      <div className="container section account-layout">
        <AccountMenu />
        <div className="account-layout__content">
          <Switch>
            <Route path="/" component={DashboardPage} />
            <Route path="/profile" component={ProfilePage} />
            <Route path="/password" component={ChangePasswordPage} />
            <Route path="/2fa" component={TwoFactorPage} />
            <Route path="/sessions" component={SessionsPage} />
            <Route path="/quotes" component={QuotesPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </div>
      </div>
    </>
  );
}
