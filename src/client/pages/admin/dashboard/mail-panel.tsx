/** The dashboard's failed mail: what did not reach customers and can be sent again. */
import { useDashboard } from './use-dashboard.ts';
import { DashboardPanel, WithDashboard } from './dashboard-panel.tsx';
import { screenHrefWithQuery } from '#client/lib/screen-links.ts';

export function MailPanel() {
  const count = useDashboard().data?.mail.failed_count;
  return (
    <DashboardPanel
      id="mail"
      title="Failed mail"
      count={count}
      tone={count ? 'attention' : 'normal'}
      link={{ href: screenHrefWithQuery('adminMail', { status: 'failed' }), label: 'See the failed mail' }}
    >
      <WithDashboard label="mail">
        {({ mail }) =>
          mail.failed_count === 0 ? (
            <p className="admin-panel__empty">No failed mail.{mail.queued_count > 0 && ` ${mail.queued_count} waiting to be sent.`}</p>
          ) : (
            <p>
              {mail.failed_count === 1 ? '1 e-mail' : `${mail.failed_count} e-mails`} could not be sent. Check the address and send again
              from the Outgoing mail screen.
            </p>
          )
        }
      </WithDashboard>
    </DashboardPanel>
  );
}
