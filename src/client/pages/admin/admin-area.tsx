/**
 * The admin area (docs/product.md section 2): its own full-page layout with a side menu, in a lazy
 * chunk of its own. The screens inside are the route table's `admin` entries
 * (src/shared/screens.ts), routed by src/client/routing/screen-routes.tsx relative to /admin; each
 * is a chunk of its own (the gallery edit page's drag and drop and the rich-text editor stay out
 * of the others).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
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

export function AdminLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="admin">
      <nav className="admin__menu" aria-label="Admin">
        <p className="admin__menu-title">Admin</p>
        <ul>
          {menu.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className={isCurrent(location, item.href) ? 'admin__link is-current' : 'admin__link'}
                aria-current={isCurrent(location, item.href) ? 'page' : undefined}
              >
                {item.label}
                {item.href === '/quotes' && <NewQuotesBadge />}
                {item.href === '/bookings' && <NewBookingsBadge />}
              </Link>
            </li>
          ))}
          <li className="admin__menu-back">
            {/* "~" leaves the /admin base: this is the site's home page. */}
            <Link href="~/" className="admin__link">
              Back to the website
            </Link>
          </li>
        </ul>
      </nav>
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
