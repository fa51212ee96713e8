/** /account/quotes: the signed-in customer's own quote requests and where each one stands. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { formatDate } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { QUOTE_STATUS_LABELS } from '#client/pages/admin/quotes/quote-status.ts';
import './quotes.css';

export function QuotesPage() {
  const dates = useDateFormat();
  const quotes = useQuery(trpc.quotes.mine.queryOptions({}));
  return (
    <section className="card account-card">
      <h2 className="card__title">My quote requests</h2>
      {quotes.isError && <Alert tone="error">{messageOf(quotes.error)}</Alert>}
      {quotes.isPending ? (
        <Spinner label="Loading your quote requests…" />
      ) : quotes.data && quotes.data.data.length === 0 ? (
        <p>
          You have not asked for a quote yet. <Link href="~/quote">Get a quote</Link>
        </p>
      ) : (
        quotes.data && (
          <>
            <div className="account-quotes" role="region" aria-label="My quote requests" tabIndex={0}>
              <table className="account-quotes__table">
                <thead>
                  <tr>
                    <th scope="col">Reference</th>
                    <th scope="col">Sent</th>
                    <th scope="col">Vehicle</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {quotes.data.data.map((quote) => (
                    <tr key={quote.id}>
                      <th scope="row">{quote.reference}</th>
                      <td>{formatDate(quote.created_at, dates)}</td>
                      <td>{quote.vehicle}</td>
                      <td data-testid={`quote-status-${quote.reference}`}>{QUOTE_STATUS_LABELS[quote.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              <Link href="~/quote">Ask for another quote</Link> or <Link href="~/book">book an estimate visit</Link> for one of them.
            </p>
          </>
        )
      )}
    </section>
  );
}
