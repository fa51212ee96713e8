/**
 * The admin area (docs/product.md section 2): its own full-page layout with a side menu, in a lazy
 * chunk of its own. The screens inside are the route table's `admin` entries
 * (src/shared/screens.ts), routed by src/client/routing/screen-routes.tsx relative to /admin; each
 * is a chunk of its own (the gallery edit page's drag and drop and the rich-text editor stay out
 * of the others).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { screenHref, useFullPath } from '#client/lib/screen-links.ts';
import { SCREENS } from '#shared/screens.ts';
import type { ScreenWithoutParams } from '#shared/screen-paths.ts';
import { useSession } from '#client/lib/session.tsx';
import type { ScreenEntry } from '#shared/screens.ts';
import { holdsPermission, type Permission, type StaffFacts } from '#shared/permissions.ts';
import { NewQuotesBadge } from '#client/pages/admin/quotes/new-quotes-badge.tsx';
import { NewBookingsBadge } from '#client/pages/admin/bookings/new-bookings-badge.tsx';
import { NeedsYouBadge } from '#client/pages/admin/dashboard/needs-you-badge.tsx';
import '#client/pages/admin/admin.css';

/** Each staff role sees only the screens its permissions open (an owner sees them all). */
function mayOpenScreen(user: StaffFacts | null, screen: ScreenWithoutParams): boolean {
  const permission: Permission | undefined = (SCREENS[screen] as ScreenEntry).permission;
  return permission === undefined || holdsPermission(user, permission);
}

// The day's work (quotes, bookings, repairs, feedback) before customers and content, then the shop's machinery.
const menu: { screen: ScreenWithoutParams; label: string }[] = [
  { screen: 'adminDashboard', label: 'Dashboard' },
  { screen: 'adminQuotes', label: 'Quote requests' },
  { screen: 'adminEstimateSettings', label: 'Estimate settings' },
  { screen: 'adminBookings', label: 'Bookings' },
  { screen: 'adminRepairs', label: 'Repairs' },
  { screen: 'adminFeedback', label: 'Customer feedback' },
  { screen: 'adminUsers', label: 'Users' },
  { screen: 'adminTestimonials', label: 'Testimonials' },
  { screen: 'adminWidgets', label: 'Widgets' },
  { screen: 'adminGalleries', label: 'Galleries' },
  { screen: 'adminShop', label: 'Shop details' },
  { screen: 'adminNotifications', label: 'Notifications' },
  { screen: 'adminRepairStages', label: 'Repair stages' },
  { screen: 'adminInsurers', label: 'Insurers' },
  { screen: 'adminMail', label: 'Outgoing mail' },
  { screen: 'adminActivity', label: 'Activity log' },
  { screen: 'adminBin', label: 'Bin' },
  { screen: 'adminSystem', label: 'System' },
];

/** The dashboard is current only on itself; any other item also on the screens below it (a user's page under Users). */
function isCurrent(fullPath: string, screen: ScreenWithoutParams): boolean {
  const path = SCREENS[screen].path;
  return screen === 'adminDashboard' ? fullPath === path : fullPath === path || fullPath.startsWith(`${path}/`);
}

/**
 * The chrome of every admin screen: a bar with who is signed in, the way back to the website and
 * Log out; the menu beside the screen on a desktop, and on a phone a drawer behind the "Menu"
 * button (focus goes into it, Escape or a chosen link closes it and focus returns to the button).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const fullPath = useFullPath();
  const { user, signOut } = useSession();
  const [isOpen, setOpen] = useState(false);
  const [isSigningOut, setSigningOut] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  // Another screen: the drawer has done its job.
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!isOpen) return;
    drawer.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  async function onSignOut() {
    setSigningOut(true);
    // Ends the session on the server and goes to the home page (lib/session.tsx).
    await signOut();
  }

  return (
    <div className={isOpen ? 'admin is-menu-open' : 'admin'}>
      <header className="admin__bar">
        <button
          ref={toggle}
          type="button"
          className="admin__menu-toggle"
          aria-expanded={isOpen}
          aria-controls="admin-menu"
          onClick={() => setOpen((open) => !open)}
        >
          <span className="admin__menu-toggle-bars" aria-hidden="true" />
          Menu
        </button>
        <p className="admin__bar-title">Admin</p>
        <div className="admin__who">
          {user && (
            <span className="admin__who-name" title={`${user.firstname} ${user.lastname}`}>
              <span className="visually-hidden">Signed in as </span>
              {user.firstname} {user.lastname}
            </span>
          )}
          {/* An absolute href (screenHref) leaves the /admin base: this is the site's home page. */}
          <Link href={screenHref('home')} className="admin__bar-link admin__bar-link--site">
            View the website
          </Link>
          <button type="button" className="admin__bar-link" aria-busy={isSigningOut || undefined} onClick={() => void onSignOut()}>
            Log out
          </button>
        </div>
      </header>
      <nav
        id="admin-menu"
        ref={drawer}
        className="admin__menu"
        aria-label="Admin"
        onBlur={(event) => {
          // Tabbing out of the open drawer closes it (the screen behind is under a shade).
          const next = event.relatedTarget;
          if (isOpen && next instanceof Node && !drawer.current?.contains(next) && next !== toggle.current) setOpen(false);
        }}
      >
        <ul>
          {menu
            .filter((item) => mayOpenScreen(user, item.screen))
            .map((item) => (
              <li key={item.screen}>
                <Link
                  href={screenHref(item.screen)}
                  className={isCurrent(fullPath, item.screen) ? 'admin__link is-current' : 'admin__link'}
                  aria-current={isCurrent(fullPath, item.screen) ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                  {item.screen === 'adminDashboard' && <NeedsYouBadge />}
                  {item.screen === 'adminQuotes' && <NewQuotesBadge />}
                  {item.screen === 'adminBookings' && <NewBookingsBadge />}
                </Link>
              </li>
            ))}
          <li className="admin__menu-back">
            <Link href={screenHref('home')} className="admin__link">
              Back to the website
            </Link>
          </li>
        </ul>
      </nav>
      {isOpen && <button type="button" className="admin__scrim" aria-label="Close the menu" tabIndex={-1} onClick={() => setOpen(false)} />}
      <main className="admin__main">{children}</main>
    </div>
  );
}

/** An unknown path inside /admin. */
export function AdminNotFound() {
  return (
    <>
      <h1>Page Not Found</h1>
      <p>
        <Link href={screenHref('adminDashboard')}>Back to the admin dashboard</Link>
      </p>
    </>
  );
}
