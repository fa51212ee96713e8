/** The dashboard's customer feedback waiting for approval before it may become a testimonial. */
import { formatDate } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { useDashboard } from './use-dashboard.ts';
import { DashboardPanel, WithDashboard } from './dashboard-panel.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

export function FeedbackPanel() {
  const dates = useDateFormat();
  const count = useDashboard().data?.feedback.pending_count;
  return (
    <DashboardPanel
      id="feedback"
      title="Feedback to approve"
      count={count}
      tone={count ? 'attention' : 'normal'}
      link={{ href: screenHref('adminFeedback'), label: 'Approve or reject feedback' }}
    >
      <WithDashboard label="feedback">
        {({ feedback }) =>
          feedback.oldest.length === 0 ? (
            <p className="admin-panel__empty">No feedback waiting for approval.</p>
          ) : (
            <ul className="admin-panel__list">
              {feedback.oldest.map((item) => (
                <li key={item.id}>
                  <span className="admin-panel__item">
                    {item.display_name ?? 'A customer'}
                    {item.score !== null && `, ${item.score} out of 5`}
                  </span>
                  <span className="admin-panel__meta">
                    {item.reference}, {item.vehicle}
                    {item.responded_at && `, ${formatDate(item.responded_at, dates)}`}
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
