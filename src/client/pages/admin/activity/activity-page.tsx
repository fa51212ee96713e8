/**
 * /admin/activity: the activity log (src/server/activity/), newest first, 25 a page,
 * filtered by person, kind and from/to days (the shop's time zone). The filters and the page's
 * cursor live in the URL (?user=&kind=&from=&to=&cursor=); "Older entries" follows the server's
 * `next_cursor`, "Newer entries" goes back along the cursors seen. The "Person" filter asks the
 * server as one types (a log of ten years has thousands of people). "Download CSV" fetches the
 * same filters from the REST door (GET /api/activity.csv). Entries are read-only: nothing here
 * edits or deletes one.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { CardTable } from '#client/components/admin/card-table.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS } from '#shared/value-sets.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { ACTIVITY_PEOPLE_DEFAULT } from '#shared/limits.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** How long typing rests before the people are asked for. */
const SEARCH_PAUSE_MS = 250;

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const dates = useDateFormat();
  const user = /^\d+$/.test(params.get('user') ?? '') ? Number(params.get('user')) : undefined;
  const kind = ACTIVITY_KINDS.find((k) => k === params.get('kind'));
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const cursor = params.get('cursor') || undefined;
  const filters = { user, kind, from, to };
  const list = useQuery({ ...trpc.activity.list.queryOptions({ ...filters, cursor }), placeholderData: keepPreviousData });
  const [personSearch, setPersonSearch] = useState('');
  const search = useSettled(personSearch.trim(), SEARCH_PAUSE_MS);
  const people = useQuery({
    ...trpc.activity.people.queryOptions({ search: search || undefined, user }),
    placeholderData: keepPreviousData,
  });
  // The cursors of the newer pages seen, to go back; a filter starts again from the newest.
  const [newer, setNewer] = useState<string[]>([]);

  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, String(value));
  const csvHref = `/api/activity.csv${query.size ? `?${query.toString()}` : ''}`;

  function setFilter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('cursor');
    next.delete('page');
    setNewer([]);
    setParams(next);
  }
  function goTo(nextCursor: string | undefined) {
    const next = new URLSearchParams(params);
    if (nextCursor) next.set('cursor', nextCursor);
    else next.delete('cursor');
    setParams(next);
  }
  function showOlder(nextCursor: string) {
    setNewer([...newer, cursor ?? '']);
    goTo(nextCursor);
  }
  function showNewer() {
    const back = newer.at(-1);
    setNewer(newer.slice(0, -1));
    goTo(back || undefined);
  }
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const count = list.data
    ? list.data.total_capped
      ? `${list.data.total.toLocaleString('en-GB')}+`
      : list.data.total.toLocaleString('en-GB')
    : '';

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Activity log</h1>
        <a className="btn btn--secondary" href={csvHref} download>
          Download CSV
        </a>
      </div>
      <form
        method="post"
        action={SCRIPT_ONLY_FORM_PATH}
        className="admin-filters"
        aria-label="Filter the activity log"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="admin-filters__field">
          <label htmlFor="activity-person-search">Find a person</label>
          <input
            id="activity-person-search"
            type="search"
            className="field__control"
            placeholder="Name or e-mail"
            autoComplete="off"
            aria-controls="activity-user"
            aria-describedby="activity-person-hint"
            value={personSearch}
            onChange={(e) => setPersonSearch(e.target.value)}
          />
          <p id="activity-person-hint" className="field__hint">
            {people.data && people.data.length >= ACTIVITY_PEOPLE_DEFAULT
              ? `The first ${ACTIVITY_PEOPLE_DEFAULT} found are listed: type more to find others.`
              : 'Type to narrow the list of people.'}
          </p>
        </div>
        <div className="admin-filters__field">
          <label htmlFor="activity-user">Person</label>
          <select
            id="activity-user"
            className="field__control"
            value={user ?? ''}
            aria-busy={people.isFetching}
            onChange={(e) => setFilter('user', e.target.value)}
          >
            <option value="">Everyone</option>
            {people.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filters__field">
          <label htmlFor="activity-kind">Kind</label>
          <select id="activity-kind" className="field__control" value={kind ?? ''} onChange={(e) => setFilter('kind', e.target.value)}>
            <option value="">All kinds</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACTIVITY_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filters__field">
          <label htmlFor="activity-from">From</label>
          <input
            id="activity-from"
            type="date"
            className="field__control"
            value={from ?? ''}
            onChange={(e) => setFilter('from', e.target.value)}
          />
        </div>
        <div className="admin-filters__field">
          <label htmlFor="activity-to">To</label>
          <input
            id="activity-to"
            type="date"
            className="field__control"
            value={to ?? ''}
            onChange={(e) => setFilter('to', e.target.value)}
          />
        </div>
      </form>
      <ErrorSummary error={list.error} />
      <CardTable
        label="Activity log"
        rows={list.data?.data}
        rowKey={(entry) => entry.id}
        loading={list.isPending}
        loadingLabel="Loading the activity log…"
        empty={<p>{filtered ? 'No entries match these filters.' : 'Nothing has been logged yet.'}</p>}
        busy={list.isFetching}
        before={
          list.data && (
            <p className="admin-filters__count" aria-live="polite">
              {!list.data.total_capped && list.data.total === 1 ? '1 entry' : `${count} entries`}
            </p>
          )
        }
        columns={[
          { header: 'When', cell: (entry) => formatDateTime(entry.created_at, dates) },
          { header: 'Who', cell: (entry) => entry.actor_name },
          { header: 'Address', className: 'admin-table__email', cell: (entry) => entry.ip ?? '' },
          {
            header: 'What',
            cell: (entry) => (
              <>
                {entry.link ? <Link href={`~${entry.link}`}>{entry.what}</Link> : entry.what}
                {entry.details && <span className="admin-activity__details"> ({entry.details})</span>}
                {entry.version_id !== null && <span className="admin-activity__details"> version {entry.version_id}</span>}
              </>
            ),
          },
        ]}
        after={
          (newer.length > 0 || cursor || list.data?.next_cursor) && (
            <nav className="pagination" aria-label="Pagination">
              <button type="button" className="pagination__item" onClick={showNewer} disabled={!cursor}>
                Newer entries
              </button>
              <button
                type="button"
                className="pagination__item"
                onClick={() => list.data?.next_cursor && showOlder(list.data.next_cursor)}
                disabled={!list.data?.next_cursor}
              >
                Older entries
              </button>
            </nav>
          )
        }
      />
    </>
  );
}
