/**
 * /account/quotes: the signed-in customer's own quote requests, where each one stands, and the
 * shop's answers to them (price, message and when it was sent), newest request first, and each
 * one's messages with the shop (quote-thread.tsx).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { formatDate, formatDateTime } from '#shared/format/dates.ts';
import { formatPence } from '#shared/format/money.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { QUOTE_STATUS_LABELS } from '#client/pages/admin/quotes/quote-status.ts';
import './quotes.css';
import { screenHref, screenHrefWithQuery } from '#client/lib/screen-links.ts';
import { MyEstimates } from '#client/pages/estimate/my-estimates.tsx';
import { QuoteThread } from './quote-thread.tsx';
import { ShowOlder, useOlderPages } from './older-pages.tsx';

export function QuotesPage() {
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const quotes = useQuery(trpc.quotes.mine.queryOptions({}));
  const older = useOlderPages(quotes.data?.next_cursor, (cursor) => queryClient.fetchQuery(trpc.quotes.mine.queryOptions({ cursor })));
  const all = quotes.data ? [...quotes.data.data, ...older.older] : [];
  return (
    <>
      <MyEstimates />
      <section className="card account-card">
        <h2 className="card__title">My quote requests</h2>
        {quotes.isError && <Alert tone="error">{messageOf(quotes.error)}</Alert>}
        {quotes.isPending ? (
          <Spinner label="Loading your quote requests…" />
        ) : quotes.data && quotes.data.data.length === 0 ? (
          <p>
            You have not asked for a quote yet. <Link href={screenHref('quote')}>Get a quote</Link>
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
                      <th scope="col">Price</th>
                    </tr>
                  </thead>
                  <tbody>
                    {all.map((quote) => (
                      <tr key={quote.id}>
                        <th scope="row" data-label="Reference">
                          {quote.reference}
                        </th>
                        <td data-label="Sent">{formatDate(quote.created_at, dates)}</td>
                        <td data-label="Vehicle">{quote.vehicle}</td>
                        <td data-label="Status" data-testid={`quote-status-${quote.reference}`}>
                          {QUOTE_STATUS_LABELS[quote.status]}
                        </td>
                        <td data-label="Price">{quote.replies.length > 0 ? formatPence(quote.replies.at(-1)!.price_pence) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ShowOlder pages={older} label="Show older quote requests" />
              {all.some((quote) => quote.replies.length > 0) && (
                <section className="account-quotes__answers" aria-labelledby="quote-answers-heading">
                  <h3 id="quote-answers-heading">Our answers</h3>
                  {all
                    .filter((quote) => quote.replies.length > 0)
                    .map((quote) => (
                      <article key={quote.id} className="account-quotes__answer" aria-label={`Answers to ${quote.reference}`}>
                        <h4>
                          {quote.reference}: {quote.vehicle}
                        </h4>
                        {/* Newest first: the latest price is the one that stands. */}
                        {[...quote.replies].reverse().map((reply) => (
                          <div key={reply.id} className="account-quotes__reply">
                            <p className="account-quotes__reply-head">
                              <strong>{formatPence(reply.price_pence)}</strong>, sent{' '}
                              <time dateTime={reply.created_at}>{formatDateTime(reply.created_at, dates)}</time>
                            </p>
                            <p className="account-quotes__reply-message">{reply.message}</p>
                          </div>
                        ))}
                        {/* A priced request leads to a booking with it attached (the booking form reads ?quote=). */}
                        <p>
                          <Link className="btn btn--primary" href={screenHrefWithQuery('book', { quote: quote.reference })}>
                            Book a drop-off
                          </Link>
                        </p>
                      </article>
                    ))}
                </section>
              )}
              <section className="account-quotes__threads" aria-labelledby="quote-threads-heading">
                <h3 id="quote-threads-heading">Messages with us</h3>
                {all.map((quote) => (
                  <QuoteThread key={quote.id} quoteId={quote.id} reference={quote.reference} vehicle={quote.vehicle} />
                ))}
              </section>
              <p>
                <Link href={screenHref('quote')}>Ask for another quote</Link> or{' '}
                <Link href={screenHref('book')}>book an estimate visit</Link> for one of them.
              </p>
            </>
          )
        )}
      </section>
    </>
  );
}
