/**
 * The admin area (docs/product.md section 2): its own full-page layout with a side menu, in a lazy
 * chunk of its own. The screens inside are the route table's `admin` entries
 * (src/shared/screens.ts), routed by src/client/routing/screen-routes.tsx relative to /admin; each
 * is a chunk of its own (the gallery edit page's drag and drop and the rich-text editor stay out
 * of the others).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '#client/lib/session.tsx';
import { NewQuotesBadge } from '#client/pages/admin/quotes/new-quotes-badge.tsx';
import { NewBookingsBadge } from '#client/pages/admin/bookings/new-bookings-badge.tsx';
import '#client/pages/admin/admin.css';

const menu = [
  { href: '/', label: 'Dashboard' },
  { href: '/users', label: 'Users' },
  { href: '/testimonials', label: 'Testimonials' },
  { href: '/feedback', label: 'Customer feedback' },
  { href: '/widgets', label: 'Widgets' },
  { href: '/galleries', label: 'Galleries' },
  { href: '/shop', label: 'Shop details' },
  { href: '/quotes', label: 'Quote requests' },
  { href: '/bookings', label: 'Bookings' },
  { href: '/repairs', label: 'Repairs' },
  { href: '/repair-stages', label: 'Repair stages' },
  { href: '/mail', label: 'Outgoing mail' },
  { href: '/activity', label: 'Activity log' },
  { href: '/bin', label: 'Bin' },
  { href: '/system', label: 'System' },
];

function isCurrent(location: string, href: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}

/**
 * The chrome of every admin screen: a bar with who is signed in, the way back to the website and
 * Log out; the menu beside the screen on a desktop, and on a phone a drawer behind the "Menu"
 * button (focus goes into it, Escape or a chosen link closes it and focus returns to the button).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
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
          {/* "~" leaves the /admin base: this is the site's home page. */}
          <Link href="~/" className="admin__bar-link admin__bar-link--site">
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
          {menu.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className={isCurrent(location, item.href) ? 'admin__link is-current' : 'admin__link'}
                aria-current={isCurrent(location, item.href) ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {item.label}
                {item.href === '/quotes' && <NewQuotesBadge />}
                {item.href === '/bookings' && <NewBookingsBadge />}
              </Link>
            </li>
          ))}
          <li className="admin__menu-back">
            <Link href="~/" className="admin__link">
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
        <Link href="/">Back to the admin dashboard</Link>
      </p>
    </>
  );
}
