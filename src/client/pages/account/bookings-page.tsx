/** /account/bookings: the signed-in customer's own bookings, latest first, a page at a time. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { whenLabel } from '#client/pages/book/booking-format.ts';
import { BOOKING_STATUS_LABELS } from '#client/pages/book/booking-status.ts';
import './quotes.css';
import { screenHref } from '#client/lib/screen-links.ts';
import { ShowOlder, useOlderPages } from './older-pages.tsx';

export function BookingsPage() {
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const queryClient = useQueryClient();
  const bookings = useQuery(trpc.bookings.mine.queryOptions({}));
  const older = useOlderPages(bookings.data?.next_cursor, (cursor) => queryClient.fetchQuery(trpc.bookings.mine.queryOptions({ cursor })));
  return (
    <section className="card account-card">
      <h2 className="card__title">My bookings</h2>
      {bookings.isError && <Alert tone="error">{messageOf(bookings.error)}</Alert>}
      {bookings.isPending ? (
        <Spinner label="Loading your bookings…" />
      ) : bookings.data && bookings.data.data.length === 0 ? (
        <p>
          You have no bookings yet. <Link href={screenHref('book')}>Book a visit</Link>
        </p>
      ) : (
        bookings.data && (
          <>
            <div className="account-quotes" role="region" aria-label="My bookings" tabIndex={0}>
              <table className="account-quotes__table">
                <thead>
                  <tr>
                    <th scope="col">Reference</th>
                    <th scope="col">What</th>
                    <th scope="col">When</th>
                    <th scope="col">Vehicle</th>
                    <th scope="col">Status</th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {[...bookings.data.data, ...older.older].map((b) => (
                    <tr key={b.reference}>
                      <th scope="row">{b.reference}</th>
                      <td>{b.type_name}</td>
                      <td>{whenLabel(b.starts_at, b.ends_at, timeZone)}</td>
                      <td>{b.vehicle}</td>
                      <td>{BOOKING_STATUS_LABELS[b.status]}</td>
                      <td>
                        {b.manage_token && b.status === 'booked' ? (
                          <Link href={screenHref('bookManage', { token: b.manage_token })}>
                            {b.can_change ? 'Move or cancel' : 'Ask for a change'}
                            <span className="visually-hidden"> booking {b.reference}</span>
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ShowOlder pages={older} label="Show older bookings" />
            <p>
              <Link href={screenHref('book')}>Book another visit</Link>
            </p>
          </>
        )
      )}
    </section>
  );
}
