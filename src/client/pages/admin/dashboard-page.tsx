/**
 * /admin: the admin's work (docs/product.md "Dashboard"). A list of panels, each its own component
 * in ./dashboard/ reading the one dashboard query: add a panel with one line below.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { useSession } from '#client/lib/session.tsx';
import { useShop } from '#client/lib/shop.ts';
import { MailFailingWarning } from '#client/pages/admin/mail/mail-failing-warning.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { NewQuotesPanel } from '#client/pages/admin/dashboard/new-quotes-panel.tsx';
import { BookingsPanel } from '#client/pages/admin/dashboard/bookings-panel.tsx';
import { RepairsPanel } from '#client/pages/admin/dashboard/repairs-panel.tsx';
import { FeedbackPanel } from '#client/pages/admin/dashboard/feedback-panel.tsx';
import { MailPanel } from '#client/pages/admin/dashboard/mail-panel.tsx';
import { SitePanel } from '#client/pages/admin/dashboard/site-panel.tsx';
import { ScheduledChangesPanel } from '#client/pages/admin/dashboard/scheduled-changes-panel.tsx';
import '#client/pages/admin/dashboard/dashboard.css';
import { NeedsYouPanel } from '#client/pages/admin/dashboard/needs-you-panel.tsx';
import { FirstRunChecklist } from '#client/pages/admin/dashboard/first-run-checklist.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

export function DashboardPage() {
  const { user } = useSession();
  const shop = useShop();
  const passkeys = useQuery(trpc.passkeys.status.queryOptions({}));

  return (
    <>
      <h1 className="admin__title">Dashboard</h1>
      <div className="needs-you-wrap">
        <NeedsYouPanel />
      </div>
      <MailFailingWarning link />
      <FirstRunChecklist />
      {passkeys.data && !passkeys.data.hasPasskey && (
        <Alert tone="info">
          Admin accounts are what phishing aims at. Add a passkey: it signs you in with your fingerprint, face or device PIN and cannot be
          phished. <Link href={screenHref('accountSecurity')}>Add a passkey</Link>
        </Alert>
      )}
      <p className="admin-dashboard__welcome">
        Welcome{user ? `, ${user.firstname}` : ''}. Here is what is waiting for you{shop ? ` at ${shop.name}` : ''}.
      </p>
      <div className="admin-dashboard">
        <NewQuotesPanel />
        <BookingsPanel />
        <RepairsPanel />
        <FeedbackPanel />
        <MailPanel />
        <ScheduledChangesPanel />
        <SitePanel />
      </div>
    </>
  );
}
