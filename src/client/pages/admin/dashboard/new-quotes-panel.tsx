/** The dashboard's new quote requests: how many wait, and the newest few, each a link to its detail. */
import { Link } from 'wouter';
import { formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { useDashboard } from './use-dashboard.ts';
import { DashboardPanel, WithDashboard } from './dashboard-panel.tsx';
import { screenHref, screenHrefWithQuery } from '#client/lib/screen-links.ts';

export function NewQuotesPanel() {
  const dates = useDateFormat();
  const count = useDashboard().data?.quotes.new_count;
  return (
    <DashboardPanel
      id="quotes"
      title="New quote requests"
      count={count}
      tone={count ? 'attention' : 'normal'}
      link={{ href: screenHrefWithQuery('adminQuotes', { status: 'new' }), label: 'All new quote requests' }}
    >
      <WithDashboard label="quote requests">
        {({ quotes }) =>
          quotes.newest.length === 0 ? (
            <p className="admin-panel__empty">No new quote requests.</p>
          ) : (
            <ul className="admin-panel__list">
              {quotes.newest.map((quote) => (
                <li key={quote.id}>
                  <Link href={screenHref('adminQuote', { id: quote.id })} className="admin-panel__item-link">
                    {quote.name}: {quote.vehicle}
                  </Link>
                  <span className="admin-panel__meta">
                    {quote.reference}, received {formatDateTime(quote.created_at, dates)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </WithDashboard>
    </DashboardPanel>
  );
}
