import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PROFILE_BANNER_MS } from '#shared/limits.ts';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordPage() {
  const { refetch } = useSession();
  const [values, setValues] = useState(EMPTY);
  const [saved, flashSaved] = useFlash(PROFILE_BANNER_MS);
  const change = useMutation(
    trpc.session.changePassword.mutationOptions({
      onSuccess: async () => {
        await refetch();
        setValues(EMPTY);
        change.reset();
        flashSaved('Your password has been changed.');
      },
    }),
  );
  const errors = fieldErrorsOf(change.error);
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A failure stays in change.error, whose messages stand by the fields.
    change.mutate(values);
  }

  return (
    <section className="card account-card">
      <h2 className="card__title">Change Password</h2>
      {saved && (
        <ResultInView tone="success" trigger={saved}>
          {saved}
        </ResultInView>
      )}
      {change.error && (
        <ResultInView tone="error" trigger={change.error}>
          {messageOf(change.error)}
        </ResultInView>
      )}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSubmit}>
        <TextField
          label="Current Password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          value={values.current_password}
          onChange={set('current_password')}
          error={firstError(errors, 'current_password')}
        />
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={firstError(errors, 'password')}
        />
        <TextField
          label="Confirm New Password"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={firstError(errors, 'password_confirmation')}
        />
        <Button type="submit" loading={change.isPending}>
          Change Password
        </Button>
      </form>
    </section>
  );
}
