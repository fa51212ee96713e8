/**
 * The admin area (docs/product.md section 2): its own layout with a side menu, and the admin screens
 * nested under /admin. The whole file tree below is one lazy chunk loaded by app.tsx; the gallery
 * edit page (drag and drop) and the rich-text editor are further chunks of their own.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { DashboardPage } from '#client/pages/admin/dashboard-page.tsx';
import { UsersListPage } from '#client/pages/admin/users/users-list-page.tsx';
import { UserEditPage } from '#client/pages/admin/users/user-edit-page.tsx';
import { TestimonialsPage } from '#client/pages/admin/testimonials/testimonials-page.tsx';
import { WidgetsPage } from '#client/pages/admin/widgets/widgets-page.tsx';
import { WidgetEditPage } from '#client/pages/admin/widgets/widget-edit-page.tsx';
import { GalleriesPage } from '#client/pages/admin/galleries/galleries-page.tsx';
import { ShopDetailsPage } from '#client/pages/admin/shop/shop-details-page.tsx';
import { QuotesListPage } from '#client/pages/admin/quotes/quotes-list-page.tsx';
import { QuoteDetailPage } from '#client/pages/admin/quotes/quote-detail-page.tsx';
import { NewQuotesBadge } from '#client/pages/admin/quotes/new-quotes-badge.tsx';
import { OutgoingMailPage } from '#client/pages/admin/mail/outgoing-mail-page.tsx';
import '#client/pages/admin/admin.css';

// @dnd-kit and the drop zone are needed on this one page only.
const GalleryEditPage = lazy(() => import('#client/pages/admin/galleries/gallery-edit-page.tsx'));

const menu = [
  { href: '/', label: 'Dashboard' },
  { href: '/users', label: 'Users' },
  { href: '/testimonials', label: 'Testimonials' },
  { href: '/widgets', label: 'Widgets' },
  { href: '/galleries', label: 'Galleries' },
  { href: '/shop', label: 'Shop details' },
  { href: '/quotes', label: 'Quote requests' },
  { href: '/mail', label: 'Outgoing mail' },
];

function isCurrent(location: string, href: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}

function AdminLayout({ children }: { children: ReactNode }) {
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

/**
 * app.tsx mounts this inside <Route path="/admin" nest>, so every path and link here is relative
 * to /admin ("/users" is /admin/users) and "~/" leaves the admin area.
 */
export default function AdminArea() {
  return (
    <AdminLayout>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path="/" component={DashboardPage} />
          <Route path="/users" component={UsersListPage} />
          <Route path="/users/:id">{(params) => <UserEditPage key={params.id} id={Number(params.id)} />}</Route>
          <Route path="/testimonials" component={TestimonialsPage} />
          <Route path="/widgets" component={WidgetsPage} />
          <Route path="/widgets/:id">{(params) => <WidgetEditPage key={params.id} id={Number(params.id)} />}</Route>
          <Route path="/galleries" component={GalleriesPage} />
          <Route path="/galleries/:id">{(params) => <GalleryEditPage key={params.id} id={Number(params.id)} />}</Route>
          <Route path="/shop" component={ShopDetailsPage} />
          <Route path="/quotes" component={QuotesListPage} />
          <Route path="/quotes/:id">{(params) => <QuoteDetailPage key={params.id} id={Number(params.id)} />}</Route>
          <Route path="/mail" component={OutgoingMailPage} />
          <Route>
            <h1>Page Not Found</h1>
            <p>
              <Link href="/">Back to the admin dashboard</Link>
            </p>
          </Route>
        </Switch>
      </Suspense>
    </AdminLayout>
  );
}
