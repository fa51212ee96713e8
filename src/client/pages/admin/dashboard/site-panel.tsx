/** The site's counts (users, testimonials, widgets, galleries): a small panel, each a link to its screen. */
import { Link } from 'wouter';
import { useDashboard } from './use-dashboard.ts';
import { DashboardPanel, WithDashboard } from './dashboard-panel.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

export function SitePanel() {
  useDashboard();
  return (
    <DashboardPanel id="site" title="Site">
      <WithDashboard label="the site's counts">
        {({ site }) => (
          <ul className="admin-panel__counts">
            {[
              { href: screenHref('adminUsers'), label: 'Users', count: site.users },
              { href: screenHref('adminTestimonials'), label: 'Testimonials', count: site.testimonials },
              { href: screenHref('adminWidgets'), label: 'Widgets', count: site.widgets },
              { href: screenHref('adminGalleries'), label: 'Galleries', count: site.galleries },
            ].map((area) => (
              <li key={area.href}>
                <Link href={area.href}>
                  <span className="admin-panel__counts-number">{area.count}</span> {area.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </WithDashboard>
    </DashboardPanel>
  );
}
