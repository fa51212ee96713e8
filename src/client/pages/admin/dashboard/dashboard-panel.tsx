/**
 * One panel of the dashboard: a heading with its count, what waits (or its empty state), and the
 * screen where the work is done. Loading and errors are the panel's own, so one slow area does not
 * hide the others.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDashboard } from './use-dashboard.ts';
import type { Dashboard } from '#shared/schemas/dashboard.ts';

export function DashboardPanel({
  id,
  title,
  count,
  link,
  tone = 'normal',
  children,
}: {
  id: string;
  title: string;
  count?: number | undefined;
  link?: { href: string; label: string } | undefined;
  tone?: 'normal' | 'attention';
  children: ReactNode;
}) {
  const headingId = `dashboard-${id}`;
  return (
    <section className={`admin-panel admin-panel--${tone}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-panel__title">
        {title}
        {count !== undefined && <span className="admin-panel__count">{count}</span>}
      </h2>
      <div className="admin-panel__body">{children}</div>
      {link && (
        <p className="admin-panel__more">
          <Link href={link.href}>{link.label}</Link>
        </p>
      )}
    </section>
  );
}

/** The panel's content once the dashboard has answered; a spinner or the error until then. */
export function WithDashboard({ label, children }: { label: string; children: (data: Dashboard) => ReactNode }) {
  const dashboard = useDashboard();
  if (dashboard.data) return <>{children(dashboard.data)}</>;
  if (dashboard.isError) return <p className="admin-panel__empty">This could not be loaded. It is tried again every minute.</p>;
  return <Spinner label={`Loading ${label}…`} />;
}
