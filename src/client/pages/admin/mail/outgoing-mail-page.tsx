/**
 * /admin/mail: the e-mails the site sends (src/server/mail/outgoing-mail.ts), newest first, 50 at
 * a time, filtered by status: queued (waiting or retrying), sent, failed (with the last error; a
 * resend queues it again), cancelled. The status filter lives in the URL (?status=).
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CardTable } from '#client/components/admin/card-table.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { MAIL_STATUSES, type MailStatus } from '#shared/value-sets.ts';
import { MAIL_COUNT_CAP } from '#shared/limits.ts';
import { MailFailingWarning } from './mail-failing-warning.tsx';

const STATUS_LABELS: Record<MailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed', cancelled: 'Cancelled' };

export function OutgoingMailPage() {
  const [params, setParams] = useSearchParams();
  const status = MAIL_STATUSES.find((s) => s === params.get('status'));
  const [before, setBefore] = useState<string[]>([]);
  const dates = useDateFormat();
  const list = useQuery({
    ...trpc.outgoingMail.list.queryOptions({ status, cursor: before.at(-1) }),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery(trpc.outgoingMail.summary.queryOptions({}));
  const resend = useMutation(
    trpc.outgoingMail.resend.mutationOptions({
      onSettled: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.outgoingMail.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.outgoingMail.summary.pathKey() }),
        ]);
      },
    }),
  );
  const withCount = (label: string, n: number | undefined) =>
    n === undefined ? label : `${label} (${n > MAIL_COUNT_CAP ? `${MAIL_COUNT_CAP.toLocaleString('en-GB')}+` : n})`;

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Outgoing mail</h1>
      </div>
      <MailFailingWarning />
      <div className="admin-search">
        <label htmlFor="mail-status">Status</label>
        <select
          id="mail-status"
          className="field__control"
          value={status ?? ''}
          onChange={(e) => {
            setBefore([]);
            const next = MAIL_STATUSES.find((s) => s === e.target.value);
            setParams(next ? { status: next } : {});
          }}
        >
          <option value="">All</option>
          {MAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {withCount(STATUS_LABELS[s], summary.data?.counts[s])}
            </option>
          ))}
        </select>
      </div>
      <ErrorSummary error={list.error ?? resend.error} />
      <CardTable
        label="Outgoing mail"
        rows={list.data?.data}
        rowKey={(mail) => mail.id}
        loading={list.isPending}
        loadingLabel="Loading the mail…"
        empty={<p>{status ? 'No mail with this status.' : 'No mail yet.'}</p>}
        busy={list.isFetching}
        columns={[
          { header: 'Queued', cell: (mail) => formatDateTime(mail.createdAt, dates) },
          { header: 'To', className: 'admin-table__email', cell: (mail) => mail.to },
          { header: 'Subject', cell: (mail) => mail.subject },
          {
            header: 'Status',
            cell: (mail) => (
              <>
                <span className={`admin-badge admin-badge--mail-${mail.status}`}>{STATUS_LABELS[mail.status]}</span>
                {mail.sentAt && <span className="admin-mail__when"> {formatDateTime(mail.sentAt, dates)}</span>}
              </>
            ),
          },
          { header: 'Tries', cell: (mail) => mail.attempts },
          { header: 'Last error', className: 'admin-mail__error', cell: (mail) => mail.lastError ?? '' },
          // Visible text: a visually hidden label is absolutely placed and escapes the scrolling table.
          {
            header: 'Resend',
            cell: (mail) =>
              (mail.status === 'failed' || mail.status === 'cancelled') && (
                <Button
                  variant="secondary"
                  loading={resend.isPending && resend.variables?.id === mail.id}
                  onClick={() => resend.mutate({ id: mail.id })}
                  aria-label={`Send again to ${mail.to}`}
                >
                  Send again
                </Button>
              ),
          },
        ]}
        after={
          list.data && (
            <p className="admin-mail__pages">
              {before.length > 0 && (
                <Button variant="ghost" onClick={() => setBefore(before.slice(0, -1))}>
                  Newer
                </Button>
              )}
              {list.data.next_cursor && (
                <Button variant="ghost" onClick={() => setBefore([...before, list.data.next_cursor!])}>
                  Older
                </Button>
              )}
            </p>
          )
        }
      />
    </>
  );
}
