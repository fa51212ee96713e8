import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import type { User } from '#shared/schemas/user.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField, TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { useSession } from '#client/lib/session.tsx';
import { isOwner } from '#shared/permissions.ts';

const roles = [
  { value: 'user', label: 'User' },
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];
const fields = ['firstname', 'lastname', 'email', 'telephone', 'role', 'skills', 'password', 'password_confirmation'];

export function UserEditPage({ id }: { id: number }) {
  const user = useQuery(trpc.users.get.queryOptions({ id }));
  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminUsers')}>← All users</Link>
      </p>
      <ErrorSummary error={user.error} />
      {user.isPending ? <Spinner label="Loading user…" /> : user.data && <UserForm user={user.data.data} />}
    </>
  );
}

function formValues(user: User) {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    telephone: user.telephone ?? '',
    role: user.role,
    skills: user.skills,
    password: '',
    password_confirmation: '',
  };
}

function UserForm({ user }: { user: User }) {
  const [values, setValues] = useState(() => formValues(user));
  const [saved, flashSaved] = useFlash(ADMIN_BANNER_MS);
  const [, navigate] = useLocation();
  const confirm = useConfirm();
  const session = useSession();
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: async (answer) => {
        setValues(formValues(answer.data));
        flashSaved('Your Changes Have Been Saved');
        queryClient.setQueryData(trpc.users.get.queryKey({ id: user.id }), answer);
        await queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() });
      },
    }),
  );
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      // Dropped rather than invalidated: the list is not on screen and would show its cache first.
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: trpc.users.list.pathKey() });
        navigate(screenHref('adminUsers'));
      },
    }),
  );
  // Each link is fresh (it lasts 5 minutes), so it is fetched on the click rather than cached.
  const cvLink = useMutation({
    mutationFn: () => trpcClient.users.cvLink.query({ id: user.id }),
    // The link answers with Content-Disposition: attachment, so the page stays where it is.
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const errors = fieldErrorsOf(update.error);
  const formRef = useSubmitFocus(update.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { password, password_confirmation, ...rest } = values;
    // docs/rest-contract.md: the password fields are sent only when the password is being changed.
    update.mutate({ id: user.id, ...rest, ...(password || password_confirmation ? { password, password_confirmation } : {}) });
  }

  async function onDelete() {
    if (await confirm()) remove.mutate({ id: user.id });
  }

  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} ref={formRef} className="admin-form admin-form--page" onSubmit={submit} noValidate>
      <div className="admin__heading">
        <h1 className="admin__title">
          {user.firstname} {user.lastname}
        </h1>
        {user.has_cv && (
          <Button variant="secondary" loading={cvLink.isPending} onClick={() => cvLink.mutate()}>
            Download CV
          </Button>
        )}
      </div>
      {saved && <Alert tone="success">{saved}</Alert>}
      <ErrorSummary error={update.error} fields={fields} />
      <ErrorSummary error={remove.error} />
      <ErrorSummary error={cvLink.error} />
      <div className="admin-form__grid">
        <TextField
          label="First name"
          name="firstname"
          value={values.firstname}
          onChange={set('firstname')}
          error={firstError(errors, 'firstname')}
          required
        />
        <TextField
          label="Last name"
          name="lastname"
          value={values.lastname}
          onChange={set('lastname')}
          error={firstError(errors, 'lastname')}
          required
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={firstError(errors, 'email')}
          required
        />
        <TextField
          label="Telephone"
          name="telephone"
          type="tel"
          value={values.telephone}
          onChange={set('telephone')}
          error={firstError(errors, 'telephone')}
        />
        <SelectField
          label="Role"
          name="role"
          value={values.role}
          onChange={set('role')}
          options={roles}
          error={firstError(errors, 'role')}
        />
      </div>
      <TextAreaField
        label="Skills"
        name="skills"
        value={values.skills}
        onChange={set('skills')}
        error={firstError(errors, 'skills')}
        rows={6}
      />
      <fieldset className="admin-form__fieldset">
        <legend>New password (leave empty to keep the current one)</legend>
        <div className="admin-form__grid">
          <TextField
            label="New password"
            name="password"
            type="password"
            value={values.password}
            onChange={set('password')}
            error={firstError(errors, 'password')}
            autoComplete="new-password"
          />
          <TextField
            label="Confirm new password"
            name="password_confirmation"
            type="password"
            value={values.password_confirmation}
            onChange={set('password_confirmation')}
            error={firstError(errors, 'password_confirmation')}
            autoComplete="new-password"
          />
        </div>
      </fieldset>
      {isOwner(session.user) && <StaffRoleField userId={user.id} />}
      <div className="admin-form__actions">
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
        <Button variant="quiet-danger" loading={remove.isPending} onClick={() => void onDelete()}>
          Delete user
        </Button>
      </div>
    </form>
  );
}

const staffRoles = [
  { value: '', label: 'None' },
  { value: 'estimator', label: 'Estimator' },
  { value: 'technician', label: 'Technician' },
  { value: 'editor', label: 'Editor' },
];

/** An owner's choice of the person's staff role (docs/decisions/staff-roles.md), saved on its own. */
function StaffRoleField({ userId }: { userId: number }) {
  const current = useQuery(trpc.users.staffRole.queryOptions({ id: userId }));
  const [choice, setChoice] = useState<string | null>(null);
  const [saved, flashSaved] = useFlash(ADMIN_BANNER_MS);
  const save = useMutation(
    trpc.users.setStaffRole.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.users.staffRole.queryKey({ id: userId }), answer);
        setChoice(null);
        flashSaved('Staff role saved');
      },
    }),
  );
  if (current.error) return <ErrorSummary error={current.error} />;
  const value = choice ?? current.data?.staff_role ?? '';
  return (
    <fieldset className="admin-form__fieldset">
      <legend>Staff role</legend>
      {saved && <Alert tone="success">{saved}</Alert>}
      <ErrorSummary error={save.error} fields={['staff_role']} />
      <SelectField
        label="Staff role"
        name="staff_role"
        value={value}
        onChange={setChoice}
        options={staffRoles}
        error={firstError(fieldErrorsOf(save.error), 'staff_role')}
      />
      <Button
        variant="secondary"
        loading={save.isPending}
        disabled={current.isPending}
        onClick={() => save.mutate({ id: userId, staff_role: value === '' ? null : (value as 'estimator' | 'technician' | 'editor') })}
      >
        Save staff role
      </Button>
    </fieldset>
  );
}
