/**
 * /admin/quotes: the quote requests, newest first, 25 a page, with a filter by status (each with
 * its count) and a search. The filter, search and page live in the URL (?status=&search=&page=).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { CardTable } from '#client/components/admin/card-table.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { QUOTE_STATUSES, type QuoteStatus } from '#shared/value-sets.ts';
import { QUOTE_STATUS_LABELS } from './quote-status.ts';
import { screenHref } from '#client/lib/screen-links.ts';

const SEARCH_DELAY_MS = 300;

interface QuotesQuery {
  status: QuoteStatus | undefined;
  search: string;
  page: number;
}

function parseQuery(params: URLSearchParams): QuotesQuery {
  const page = Number(params.get('page'));
  const status = QUOTE_STATUSES.find((s) => s === params.get('status'));
  return { status, search: params.get('search')?.trim() ?? '', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function queryParams({ status, search, page }: QuotesQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (status) out.status = status;
  if (search) out.search = search;
  if (page > 1) out.page = String(page);
  return out;
}

export function QuotesListPage() {
  const [params, setParams] = useSearchParams();
  const query = parseQuery(params);
  const [searchText, setSearchText] = useState(query.search);
  const searchId = useId();
  const statusId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const dates = useDateFormat();

  const list = useQuery({
    ...trpc.quotes.admin.list.queryOptions({ page: query.page, status: query.status, search: query.search || undefined }),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery(trpc.quotes.admin.counts.queryOptions({}));
  const all = counts.data ? QUOTE_STATUSES.reduce((n, s) => n + counts.data[s], 0) : undefined;
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

  function onSearch(text: string) {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setParams(queryParams({ ...query, search: text.trim(), page: 1 }), { replace: true }),
      SEARCH_DELAY_MS,
    );
  }

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Quote requests</h1>
      </div>
      <div className="admin-quotes__filters">
        <div className="admin-search">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            className="field__control"
            value={query.status ?? ''}
            onChange={(e) => setParams(queryParams({ ...query, status: QUOTE_STATUSES.find((s) => s === e.target.value), page: 1 }))}
          >
            <option value="">{withCount('All', all)}</option>
            {QUOTE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {withCount(QUOTE_STATUS_LABELS[status], counts.data?.[status])}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-search" role="search">
          <label htmlFor={searchId}>Search by reference, name, e-mail or vehicle</label>
          <input id={searchId} type="search" className="field__control" value={searchText} onChange={(e) => onSearch(e.target.value)} />
        </div>
      </div>
      <ErrorSummary error={list.error} />
      <CardTable
        label="Quote requests"
        rows={list.data?.data}
        rowKey={(quote) => quote.id}
        loading={list.isPending}
        loadingLabel="Loading quote requests…"
        empty={<p>{query.search || query.status ? 'No quote requests match.' : 'No quote requests yet.'}</p>}
        busy={list.isFetching}
        before={
          list.data && (
            <p className="admin__count" aria-live="polite">
              {list.data.total_capped
                ? `More than ${list.data.total.toLocaleString('en-GB')} requests`
                : `${list.data.total} ${list.data.total === 1 ? 'request' : 'requests'}`}
            </p>
          )
        }
        columns={[
          {
            header: 'Reference',
            rowHeader: true,
            cell: (quote) => <Link href={screenHref('adminQuote', { id: quote.id })}>{quote.reference}</Link>,
          },
          { header: 'Received', cell: (quote) => formatDateTime(quote.created_at, dates) },
          { header: 'Name', cell: (quote) => quote.name },
          { header: 'Vehicle', cell: (quote) => quote.vehicle },
          { header: 'Photos', cell: (quote) => quote.photo_count },
          {
            header: 'Status',
            cell: (quote) => <span className={`admin-badge admin-badge--quote-${quote.status}`}>{QUOTE_STATUS_LABELS[quote.status]}</span>,
          },
        ]}
        after={
          list.data && (
            <Pagination
              page={list.data.current_page}
              pageCount={list.data.last_page}
              onChange={(page) => setParams(queryParams({ ...query, page }))}
            />
          )
        }
      />
    </>
  );
}
