import { useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { AddUserModal } from '#client/pages/admin/users/add-user-modal.tsx';
import { parseUsersQuery, skillsPreview, usersQueryParams, withSearch } from '#client/pages/admin/users/users-query.ts';

const SEARCH_DELAY_MS = 300;

export function UsersListPage() {
  const [params, setParams] = useSearchParams();
  const query = parseUsersQuery(params);
  const [searchText, setSearchText] = useState(query.search);
  const [adding, setAdding] = useState(false);
  const searchId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Back and forward change the URL under the box: show what the list is filtered by.
  const [urlSearch, setUrlSearch] = useState(query.search);
  if (urlSearch !== query.search) {
    setUrlSearch(query.search);
    if (searchText.trim() !== query.search) setSearchText(query.search);
  }

  const list = useQuery({ ...trpc.users.list.queryOptions(query), placeholderData: keepPreviousData });

  function onSearch(text: string) {
    setSearchText(text);
    clearTimeout(timer.current);
    // Typing replaces the history entry; only a finished search is worth a Back step.
    timer.current = setTimeout(() => setParams(usersQueryParams(withSearch(query, text)), { replace: true }), SEARCH_DELAY_MS);
  }

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Users</h1>
        <Button onClick={() => setAdding(true)}>Add user</Button>
      </div>
      <div className="admin-search" role="search">
        <label htmlFor={searchId}>Search by name or e-mail</label>
        <input id={searchId} type="search" className="field__control" value={searchText} onChange={(e) => onSearch(e.target.value)} />
      </div>
      <ErrorSummary error={list.error} />
      {list.isPending ? (
        <Spinner label="Loading users…" />
      ) : list.data && list.data.data.length === 0 ? (
        <p>{query.search ? `No users match “${query.search}”.` : 'No users yet.'}</p>
      ) : (
        list.data && (
          <>
            <p className="admin__count" aria-live="polite">
              {list.data.total} {list.data.total === 1 ? 'user' : 'users'}
              {query.search && ` matching “${query.search}”`}
            </p>
            {/* Focusable so the table can be scrolled sideways from the keyboard on a narrow screen. */}
            <div className="admin-table-wrap" role="region" aria-label="Users" tabIndex={0}>
              <table className="admin-table admin-table--cards" aria-busy={list.isFetching}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Role</th>
                    <th scope="col">Skills</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((user) => (
                    <tr key={user.id}>
                      <th scope="row" data-label="Name">
                        <Link href={`/users/${user.id}`}>
                          {user.firstname} {user.lastname}
                        </Link>
                      </th>
                      <td className="admin-table__email" data-label="E-mail">
                        {user.email}
                      </td>
                      <td data-label="Role">{user.role}</td>
                      <td data-label="Skills">{skillsPreview(user.skills)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={list.data.current_page}
              pageCount={list.data.last_page}
              onChange={(page) => setParams(usersQueryParams({ ...query, page }))}
            />
          </>
        )
      )}
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
