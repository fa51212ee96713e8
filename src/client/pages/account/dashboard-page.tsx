import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { showSiteNotice } from '#client/lib/site-notice.ts';
import { trpc } from '#client/lib/trpc.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { useShop } from '#client/lib/shop.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDate } from '#shared/format/dates.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { QUOTE_STATUS_LABELS } from '#client/pages/admin/quotes/quote-status.ts';
import { whenLabel } from '#client/pages/book/booking-format.ts';
import { BOOKING_STATUS_LABELS } from '#client/pages/book/booking-status.ts';
import type { ScreenWithoutParams } from '#shared/screen-paths.ts';
import { YourInvoices } from './your-invoices.tsx';

/**
 * /account?verified=1 is where the e-mail's verification link lands (session.router.ts verifyEmail):
 * read after the first render, since the server renders this page without the query string's say.
 */
function useJustVerified(): boolean {
  const [verified, setVerified] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('verified') === '1') setVerified(true);
  }, []);
  return verified;
}

function WorkList({
  title,
  screen,
  empty,
  rows,
  more,
  pending,
}: {
  title: string;
  screen: ScreenWithoutParams;
  empty: string;
  rows: { key: string; text: string }[] | undefined;
  more: boolean;
  pending: boolean;
}) {
  const id = `dashboard-${screen}`;
  return (
    <section className="account-work" aria-labelledby={id}>
      <h3 id={id} className="account-work__title">
        <Link href={screenHref(screen)}>{title}</Link>
      </h3>
      {pending ? (
        <p>Loading…</p>
      ) : rows && rows.length > 0 ? (
        <ul className="account-work__list">
          {rows.map((row) => (
            <li key={row.key}>{row.text}</li>
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
      {more && (
        <p>
          <Link href={screenHref(screen)}>See all</Link>
        </p>
      )}
    </section>
  );
}

/** The customer's newest quotes, bookings and repairs, a few of each, in one bounded read (dashboard.mine). */
function YourWork() {
  const dates = useDateFormat();
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const work = useQuery(trpc.dashboard.mine.queryOptions({}));
  const data = work.data;
  return (
    <section className="card account-card account-section" aria-labelledby="your-work-title">
      <h2 id="your-work-title" className="card__title">
        Your work with us
      </h2>
      {work.isError && <Alert tone="error">{messageOf(work.error)}</Alert>}
      <div className="account-work__grid">
        <WorkList
          title="My Quotes"
          screen="accountQuotes"
          empty="No quote requests yet."
          pending={work.isPending}
          more={data?.quotes.more ?? false}
          rows={data?.quotes.items.map((q) => ({
            key: q.reference,
            text: `${q.reference}: ${q.vehicle}, ${QUOTE_STATUS_LABELS[q.status]} (${formatDate(q.created_at, dates)})`,
          }))}
        />
        <WorkList
          title="My Bookings"
          screen="accountBookings"
          empty="No bookings yet."
          pending={work.isPending}
          more={data?.bookings.more ?? false}
          rows={data?.bookings.items.map((b) => ({
            key: b.reference,
            text: `${b.reference}: ${b.type_name}, ${whenLabel(b.starts_at, b.ends_at, timeZone)}, ${BOOKING_STATUS_LABELS[b.status]}`,
          }))}
        />
        <WorkList
          title="My Repairs"
          screen="accountRepairs"
          empty="No repairs yet."
          pending={work.isPending}
          more={data?.repairs.more ?? false}
          rows={data?.repairs.items.map((r) => ({
            key: r.reference,
            text: `${r.reference}: ${r.vehicle}, ${r.collected_at ? 'collected' : (r.stage_name ?? '–')}`,
          }))}
        />
      </div>
    </section>
  );
}

/** GET /api/user/export answers with the file as an attachment: a plain link downloads it. */
const DATA_EXPORT_URL = '/api/user/export';

function YourData() {
  return (
    <section className="card account-card account-section" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="card__title">
        Your Data
      </h2>
      <p>Download a copy of what we hold about you: your profile, your signed-in devices and your quote requests, as a JSON file.</p>
      <a className="btn btn--secondary" href={DATA_EXPORT_URL} download>
        Download my data
      </a>
    </section>
  );
}

function DeleteAccount() {
  const { user, forgetUser } = useSession();
  const confirm = useConfirm();
  const [password, setPassword] = useState('');
  const deleteAccount = useMutation(
    trpc.session.deleteAccount.mutationOptions({
      onSuccess: () => {
        showSiteNotice('Your account has been deleted.', '/');
        forgetUser();
      },
    }),
  );
  const errors = fieldErrorsOf(deleteAccount.error);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!(await confirm())) return;
    // A failure stays in deleteAccount.error: the password's message by its field, others above.
    deleteAccount.mutate({ password });
  }

  return (
    <section className="card account-card account-section account-section--danger" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card__title">
        Delete Account
      </h2>
      <p>
        {/* The CV is named only to someone who sent one: most accounts are customers, not applicants. */}
        Deleting your account removes your profile{user?.has_cv ? ', the CV you sent us' : ''} and every signed-in device, and cannot be
        undone. Quote requests you sent stay with the shop without your name or contact details. Invoices we issued you are kept for six
        years, as the law requires, with the name and e-mail address on them.
      </p>
      {deleteAccount.error && !errors.password && (
        <ResultInView tone="error" trigger={deleteAccount.error}>
          {messageOf(deleteAccount.error)}
        </ResultInView>
      )}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={(event) => void onSubmit(event)} className="account-section__form">
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={firstError(errors, 'password')}
        />
        <Button type="submit" variant="danger" loading={deleteAccount.isPending}>
          Delete Account
        </Button>
      </form>
    </section>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  const justVerified = useJustVerified();
  return (
    <>
      {justVerified && (
        <Alert tone="success">
          Your e-mail address is verified. Any quotes, bookings and repairs you made under it as a guest are now in your account.
        </Alert>
      )}
      <section className="card account-card">
        <h2 className="card__title">Welcome{user ? `, ${user.firstname}` : ''}</h2>
        <p>
          This is your account with us. From here you can <Link href={screenHref('accountProfile')}>update your contact details</Link>,
          change your password, turn on two-factor authentication and see the{' '}
          <Link href={screenHref('accountSessions')}>devices signed in</Link> to your account.
        </p>
        <p>More services will be added to your account soon.</p>
      </section>
      <YourWork />
      <YourInvoices />
      <YourData />
      <DeleteAccount />
    </>
  );
}
