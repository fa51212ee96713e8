/**
 * The owner's staff invitations on the Users screen (docs/decisions/staff-roles.md, "Invitations"):
 * invite by e-mail, name and staff role; the pending ones a page at a time, each revoked (after the
 * confirmation) or sent again (a new link, the one mailed before stops working).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { CardTable } from '#client/components/admin/card-table.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { formatDate } from '#shared/format/dates.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import type { StaffRole } from '#shared/value-sets.ts';
import { STAFF_ROLE_LABELS } from '#shared/staff-role-labels.ts';
import type { InvitationAnswer } from '#shared/schemas/staff-invitations.ts';

const roleOptions = (Object.keys(STAFF_ROLE_LABELS) as StaffRole[]).map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));

const empty = { email: '', name: '', staff_role: 'estimator' as StaffRole };
const fields = Object.keys(empty);

export function StaffInvitationsPanel() {
  const [values, setValues] = useState(empty);
  const [sent, setSent] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const resultRef = useRef<HTMLDivElement>(null);
  const dates = useDateFormat();
  const confirm = useConfirm();

  const list = useQuery({ ...trpc.users.invitations.queryOptions({ page }), placeholderData: keepPreviousData });
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.users.invitations.pathKey() });

  const sentMessage = (invitation: InvitationAnswer) =>
    `Invitation sent to ${invitation.email} as ${STAFF_ROLE_LABELS[invitation.staff_role].toLowerCase()}. The link works until ${formatDate(invitation.expires_at, dates)}.`;

  const invite = useMutation(
    trpc.users.invite.mutationOptions({
      onSuccess: async (invitation) => {
        setValues(empty);
        setSent(sentMessage(invitation));
        await refreshList();
      },
    }),
  );
  const resend = useMutation(
    trpc.users.invite.mutationOptions({
      onSuccess: async (invitation) => {
        setSent(sentMessage(invitation));
        await refreshList();
      },
    }),
  );
  const revoke = useMutation(
    trpc.users.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        setSent('Invitation revoked: its link no longer works.');
        await refreshList();
      },
    }),
  );

  // The result of a send, a resend or a revoke: brought into view and read out.
  useEffect(() => {
    if (sent) resultRef.current?.focus();
  }, [sent]);

  const errors = fieldErrorsOf(invite.error);
  const formRef = useSubmitFocus(invite.status);
  const set = (field: keyof typeof empty) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    invite.mutate(values);
  }

  async function onRevoke(invitation: InvitationAnswer) {
    if (await confirm()) revoke.mutate({ id: invitation.id });
  }

  return (
    <section className="admin-form__fieldset" aria-labelledby="staff-invitations-title">
      <h2 id="staff-invitations-title">Invite staff</h2>
      <div ref={resultRef} tabIndex={-1}>
        {sent && <Alert tone="success">{sent}</Alert>}
      </div>
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} ref={formRef} className="admin-form" onSubmit={submit} noValidate>
        <ErrorSummary error={invite.error} fields={fields} />
        <div className="admin-form__grid">
          <TextField
            label="E-mail"
            name="email"
            type="email"
            value={values.email}
            onChange={set('email')}
            error={firstError(errors, 'email')}
            autoComplete="off"
            required
          />
          <TextField
            label="Name"
            name="name"
            value={values.name}
            onChange={set('name')}
            error={firstError(errors, 'name')}
            autoComplete="off"
            required
          />
          <SelectField
            label="Staff role"
            name="staff_role"
            value={values.staff_role}
            onChange={set('staff_role')}
            options={roleOptions}
            error={firstError(errors, 'staff_role')}
          />
        </div>
        <div className="admin-form__actions">
          <Button type="submit" variant="secondary" loading={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>

      <h3>Pending invitations</h3>
      <ErrorSummary error={list.error ?? resend.error ?? revoke.error} />
      <CardTable
        label="Pending invitations"
        rows={list.data?.data}
        rowKey={(invitation) => invitation.id}
        loading={list.isPending}
        loadingLabel="Loading invitations…"
        empty={<p>{page > 1 ? 'No more pending invitations.' : 'No pending invitations.'}</p>}
        busy={list.isFetching}
        columns={[
          { header: 'Name', rowHeader: true, cell: (invitation) => invitation.name },
          { header: 'E-mail', className: 'admin-table__email', cell: (invitation) => invitation.email },
          { header: 'Staff role', cell: (invitation) => STAFF_ROLE_LABELS[invitation.staff_role] },
          { header: 'Expires', cell: (invitation) => formatDate(invitation.expires_at, dates) },
          {
            header: 'Actions',
            cell: (invitation) => (
              <>
                <Button
                  variant="secondary"
                  loading={resend.isPending && resend.variables?.email === invitation.email}
                  onClick={() => resend.mutate({ email: invitation.email, name: invitation.name, staff_role: invitation.staff_role })}
                  aria-label={`Send the invitation to ${invitation.email} again`}
                >
                  Send again
                </Button>{' '}
                <Button
                  variant="quiet-danger"
                  loading={revoke.isPending && revoke.variables?.id === invitation.id}
                  onClick={() => void onRevoke(invitation)}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                >
                  Revoke
                </Button>
              </>
            ),
          },
        ]}
      />
      {list.data && (page > 1 || list.data.meta.has_more) && (
        <nav className="admin-form__actions" aria-label="Pending invitations pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Previous
          </Button>
          <span>Page {page}</span>
          <Button variant="secondary" disabled={!list.data.meta.has_more} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
