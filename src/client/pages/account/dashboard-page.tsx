import { Link } from 'wouter';
import { usePageTitle } from '#client/lib/page-title.ts';
import { useSession } from '#client/lib/session.tsx';

export function DashboardPage() {
  usePageTitle('My Account');
  const { user } = useSession();
  return (
    <section className="card account-card">
      <h2 className="card__title">Welcome{user ? `, ${user.firstname}` : ''}</h2>
      <p>
        This is your account with us. From here you can <Link href="/profile">update your contact details</Link>, change your password and
        turn on two-factor authentication.
      </p>
      <p>More services will be added to your account soon.</p>
    </section>
  );
}
