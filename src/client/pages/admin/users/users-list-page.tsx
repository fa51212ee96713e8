import { useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { CardTable } from '#client/components/admin/card-table.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { AddUserModal } from '#client/pages/admin/users/add-user-modal.tsx';
import { parseUsersQuery, skillsPreview, usersQueryParams, withSearch } from '#client/pages/admin/users/users-query.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { useSession } from '#client/lib/session.tsx';
import { holdsPermission } from '#shared/permissions.ts';
import { StaffInvitationsPanel } from '#client/pages/admin/users/staff-invitations-panel.tsx';

const SEARCH_DELAY_MS = 300;

export function UsersListPage() {
  const [params, setParams] = useSearchParams();
  const query = parseUsersQuery(params);
  const [searchText, setSearchText] = useState(query.search);
  const [adding, setAdding] = useState(false);
  // An estimator reads the customers here; inviting staff is the owner's (the `users` permission).
  const mayInvite = holdsPermission(useSession().user, 'users');
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
      <CardTable
        label="Users"
        rows={list.data?.data}
        rowKey={(user) => user.id}
        loading={list.isPending}
        loadingLabel="Loading users…"
        empty={<p>{query.search ? `No users match “${query.search}”.` : 'No users yet.'}</p>}
        busy={list.isFetching}
        before={
          list.data && (
            <p className="admin__count" aria-live="polite">
              {list.data.total} {list.data.total === 1 ? 'user' : 'users'}
              {query.search && ` matching “${query.search}”`}
            </p>
          )
        }
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (user) => (
              <Link href={screenHref('adminUser', { id: user.id })}>
                {user.firstname} {user.lastname}
              </Link>
            ),
          },
          { header: 'E-mail', className: 'admin-table__email', cell: (user) => user.email },
          { header: 'Role', cell: (user) => user.role },
          { header: 'Skills', cell: (user) => skillsPreview(user.skills) },
        ]}
        after={
          list.data && (
            <Pagination
              page={list.data.current_page}
              pageCount={list.data.last_page}
              onChange={(page) => setParams(usersQueryParams({ ...query, page }))}
            />
          )
        }
      />
      {mayInvite && <StaffInvitationsPanel />}
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
