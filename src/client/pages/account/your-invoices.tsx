/**
 * "My Invoices" on the account's dashboard: the customer's invoices and credit notes, newest first
 * (a page of them, with "Show more"), each with its PDF to download. Only their own: the server
 * answers nothing else (another customer's PDF is a 404).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDate } from '#shared/format/dates.ts';
import { formatPence } from '#shared/format/money.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';

export function YourInvoices() {
  const dates = useDateFormat();
  const invoices = useInfiniteQuery(
    trpc.invoices.mine.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
  );
  const rows = invoices.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="card account-card account-section" aria-labelledby="your-invoices-title" data-testid="your-invoices">
      <h2 id="your-invoices-title" className="card__title">
        My Invoices
      </h2>
      {invoices.isError && <Alert tone="error">{messageOf(invoices.error)}</Alert>}
      {invoices.isPending ? (
        <p>Loading…</p>
      ) : rows.length === 0 ? (
        <p>No invoices yet.</p>
      ) : (
        <ul>
          {rows.map((r) => (
            <li key={r.id}>
              {r.series === 'CN' ? 'Credit note' : 'Invoice'} {r.display_number}: {r.vehicle || r.job_reference},{' '}
              {formatPence(r.gross_pence)} ({formatDate(r.issued_at, dates)})
              {r.series === 'INV' && r.due_pence > 0 ? `, ${formatPence(r.due_pence)} to pay` : ''}{' '}
              <a href={r.pdf_path} download>
                Download {r.display_number} (PDF)
              </a>
            </li>
          ))}
        </ul>
      )}
      {invoices.hasNextPage && (
        <Button variant="secondary" loading={invoices.isFetchingNextPage} onClick={() => void invoices.fetchNextPage()}>
          Show more
        </Button>
      )}
    </section>
  );
}
