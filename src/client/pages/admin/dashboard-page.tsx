import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { useSession } from '#client/lib/session.tsx';
import { useShop } from '#client/lib/shop.ts';
import { MailFailingWarning } from '#client/pages/admin/mail/mail-failing-warning.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { FirstRunChecklist } from '#client/pages/admin/dashboard/first-run-checklist.tsx';

export function DashboardPage() {
  const { user } = useSession();
  const shop = useShop();
  // One row is enough: only the totals are read.
  const users = useQuery(trpc.users.list.queryOptions({ search: '', page: 1 }));
  const testimonials = useQuery(trpc.testimonials.list.queryOptions({ limit: 1, page: 0 }));
  const widgets = useQuery(trpc.widgets.list.queryOptions({}));
  const galleries = useQuery(trpc.galleries.list.queryOptions({ limit: 1, page: 0 }));
  const passkeys = useQuery(trpc.passkeys.status.queryOptions({}));

  const areas = [
    { href: '/users', label: 'Users', count: users.data?.total, note: 'Accounts, roles and CVs' },
    { href: '/testimonials', label: 'Testimonials', count: testimonials.data?.total, note: 'Customer reviews on the home page' },
    { href: '/widgets', label: 'Widgets', count: widgets.data?.results.length, note: 'Text, image and video blocks of the pages' },
    { href: '/galleries', label: 'Galleries', count: galleries.data?.total, note: 'Photo galleries and their images' },
  ];

  return (
    <>
      <h1 className="admin__title">Dashboard</h1>
      <MailFailingWarning link />
      <FirstRunChecklist />
      {passkeys.data && !passkeys.data.hasPasskey && (
        <Alert tone="info">
          Admin accounts are what phishing aims at. Add a passkey: it signs you in with your fingerprint, face or device PIN and cannot be
          phished. <Link href="~/account/security">Add a passkey</Link>
        </Alert>
      )}
      <p>
        Welcome{user ? `, ${user.firstname}` : ''}. From here you manage the website{shop ? ` of ${shop.name}` : ''}: choose an area below
        or from the menu.
      </p>
      <ul className="admin-cards">
        {areas.map((area) => (
          <li key={area.href} className="admin-card">
            <Link href={area.href} className="admin-card__link">
              <span className="admin-card__count">{area.count ?? '–'}</span>
              <span className="admin-card__label">{area.label}</span>
              <span className="admin-card__note">{area.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
