/**
 * "Needs you", first on the dashboard (on a phone too): the customer messages not yet answered,
 * open change requests, bookings nobody has opened, quote requests not yet answered, feedback
 * to approve and estimates the customer declined, to follow up. Each item links to the page where
 * it is answered, and answering it clears it (a declined estimate: sending it again or closing the
 * quote request); the menu badges count the same things.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '#shared/format/dates.ts';
import { cappedCountLabel } from '#shared/format/capped-count.ts';
import type { NeedsYou } from '#shared/schemas/dashboard.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { screenHref, screenHrefWithQuery } from '#client/lib/screen-links.ts';
import { useDashboard } from './use-dashboard.ts';
import { DashboardPanel, WithDashboard } from './dashboard-panel.tsx';

type Message = NeedsYou['messages']['items'][number];

function messageHref(item: Message): string {
  if (item.screen === 'adminRepair') return screenHref('adminRepair', { id: item.id });
  if (item.screen === 'adminBooking') return screenHref('adminBooking', { id: item.id });
  return screenHref('adminQuote', { id: item.id });
}

function Group({
  title,
  count,
  more,
  children,
}: {
  title: string;
  count: number;
  more?: { href: string; label: string };
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div className="needs-you__group">
      <h3 className="admin-panel__subtitle">
        {title} <span className="needs-you__count">({cappedCountLabel(count)})</span>
      </h3>
      <ul className="admin-panel__list">{children}</ul>
      {more && count > 0 && (
        <p className="needs-you__more">
          <Link href={more.href}>{more.label}</Link>
        </p>
      )}
    </div>
  );
}

export function NeedsYouPanel() {
  const dates = useDateFormat();
  const total = useDashboard().data?.needs_you.total;
  return (
    <DashboardPanel id="needs-you" title="Needs you" count={total} tone={total ? 'attention' : 'normal'}>
      <WithDashboard label="what needs you">
        {({ needs_you: n }) =>
          n.total === 0 ? (
            <p className="admin-panel__empty">Nothing is waiting for you. Well done.</p>
          ) : (
            <div className="needs-you" data-testid="needs-you">
              <Group title="Unanswered messages" count={n.messages.count}>
                {n.messages.items.map((m) => (
                  <li key={m.thread_id}>
                    <Link href={messageHref(m)} className="admin-panel__item-link">
                      Message from {m.name || 'a customer'}
                    </Link>
                    <span className="admin-panel__meta">
                      {m.reference}
                      {m.last_message_at ? `, ${formatDateTime(m.last_message_at, dates)}` : ''}
                    </span>
                  </li>
                ))}
              </Group>
              <Group title="Change requests" count={n.change_requests.count}>
                {n.change_requests.items.map((b) => (
                  <li key={b.id}>
                    <Link href={screenHref('adminBooking', { id: b.id })} className="admin-panel__item-link">
                      {b.name}: {b.vehicle}
                    </Link>
                    <span className="admin-panel__meta">
                      {b.reference}, {formatDateTime(b.starts_at, dates)}
                      {b.note ? `: “${b.note}”` : ''}
                    </span>
                  </li>
                ))}
              </Group>
              <Group title="New bookings" count={n.unseen_bookings.count}>
                {n.unseen_bookings.items.map((b) => (
                  <li key={b.id}>
                    <Link href={screenHref('adminBooking', { id: b.id })} className="admin-panel__item-link">
                      {b.name}: {b.vehicle}
                    </Link>
                    <span className="admin-panel__meta">
                      {b.reference}, {formatDateTime(b.starts_at, dates)}
                    </span>
                  </li>
                ))}
              </Group>
              <Group
                title="Quote requests to answer"
                count={n.quotes.count}
                more={{ href: screenHrefWithQuery('adminQuotes', { status: 'new' }), label: 'All new quote requests' }}
              >
                {n.quotes.items.map((q) => (
                  <li key={q.id}>
                    <Link href={screenHref('adminQuote', { id: q.id })} className="admin-panel__item-link">
                      {q.name}: {q.vehicle}
                    </Link>
                    <span className="admin-panel__meta">
                      {q.reference}, received {formatDateTime(q.created_at, dates)}
                    </span>
                  </li>
                ))}
              </Group>
              <Group
                title="Feedback to approve"
                count={n.feedback.count}
                more={{ href: screenHref('adminFeedback'), label: 'All feedback to approve' }}
              >
                {n.feedback.items.map((f) => (
                  <li key={f.id}>
                    <Link href={screenHref('adminFeedback')} className="admin-panel__item-link">
                      {f.score !== null ? `${f.score} out of 5` : 'Feedback'}: {f.vehicle}
                    </Link>
                    <span className="admin-panel__meta">{f.reference}</span>
                  </li>
                ))}
              </Group>
              <Group title="Declined estimates to follow up" count={n.declined_estimates.count}>
                {n.declined_estimates.items.map((e) => (
                  <li key={e.id}>
                    <Link href={screenHref('adminQuote', { id: e.id })} className="admin-panel__item-link">
                      {e.name}: {e.vehicle}
                    </Link>
                    <span className="admin-panel__meta">
                      {e.reference}, declined {formatDateTime(e.declined_at, dates)}
                      {e.reason ? `: “${e.reason}”` : ''}
                    </span>
                  </li>
                ))}
              </Group>
            </div>
          )
        }
      </WithDashboard>
    </DashboardPanel>
  );
}
