import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { showSiteNotice } from '#client/lib/site-notice.ts';
import { trpc } from '#client/lib/trpc.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

/** GET /api/user/export answers with the file as an attachment: a plain link downloads it. */
const DATA_EXPORT_URL = '/api/user/export';

function YourData() {
  return (
    <section className="card account-card account-section" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="card__title">
        Your Data
      </h2>
      <p>Download a copy of what we hold about you: your profile, your signed-in devices and your quote requests, as a JSON file.</p>
      <a className="btn btn--secondary" href={DATA_EXPORT_URL} download>
        Download my data
      </a>
    </section>
  );
}

function DeleteAccount() {
  const { user, forgetUser } = useSession();
  const confirm = useConfirm();
  const [password, setPassword] = useState('');
  const deleteAccount = useMutation(
    trpc.session.deleteAccount.mutationOptions({
      onSuccess: () => {
        showSiteNotice('Your account has been deleted.', '/');
        forgetUser();
      },
    }),
  );
  const errors = fieldErrorsOf(deleteAccount.error);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!(await confirm())) return;
    // A failure stays in deleteAccount.error: the password's message by its field, others above.
    deleteAccount.mutate({ password });
  }

  return (
    <section className="card account-card account-section account-section--danger" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card__title">
        Delete Account
      </h2>
      <p>
        {/* The CV is named only to someone who sent one: most accounts are customers, not applicants. */}
        Deleting your account removes your profile{user?.has_cv ? ', the CV you sent us' : ''} and every signed-in device, and cannot be
        undone. Quote requests you sent stay with the shop without your name or contact details.
      </p>
      {deleteAccount.error && !errors.password && <ResultInView tone="error" trigger={deleteAccount.error}>{messageOf(deleteAccount.error)}</ResultInView>}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={(event) => void onSubmit(event)} className="account-section__form">
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={firstError(errors, 'password')}
        />
        <Button type="submit" variant="danger" loading={deleteAccount.isPending}>
          Delete Account
        </Button>
      </form>
    </section>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  return (
    <>
      <section className="card account-card">
        <h2 className="card__title">Welcome{user ? `, ${user.firstname}` : ''}</h2>
        <p>
          This is your account with us. From here you can <Link href={screenHref('accountProfile')}>update your contact details</Link>,
          change your password, turn on two-factor authentication and see the{' '}
          <Link href={screenHref('accountSessions')}>devices signed in</Link> to your account.
        </p>
        <p>More services will be added to your account soon.</p>
      </section>
      <YourData />
      <DeleteAccount />
    </>
  );
}
