import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { trpc } from '#client/lib/trpc.ts';
import { useNativeForm } from '#client/lib/native-form.ts';
import { NATIVE_FORM_PATHS } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

export function ResetPasswordPage({ token }: { token: string }) {
  const search = useSearch();
  const native = useNativeForm('resetPassword');
  const nativeError = native?.message ?? Object.values(native?.fieldErrors ?? {})[0]?.[0];
  const [email, setEmail] = useState(() => native?.values.email ?? new URLSearchParams(search).get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [keepPasskeys, setKeepPasskeys] = useState(native?.values.keep_passkeys === 'on');
  const reset = useMutation(trpc.session.resetPassword.mutationOptions());

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    reset.mutate({ token, email, password, password_confirmation: confirmation, keep_passkeys: keepPasskeys });
  }

  if (reset.data) {
    return (
      <AuthCard title="Please Enter New Password">
        <Alert tone="success">{reset.data.message}</Alert>
        <Link href={screenHref('accountDashboard')} className="btn btn--primary btn--block">
          Return To Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Please Enter New Password">
      <form method="post" action={NATIVE_FORM_PATHS.resetPassword} onSubmit={onSubmit}>
        {reset.error ? <Alert tone="error">{messageOf(reset.error)}</Alert> : nativeError && <Alert tone="error">{nativeError}</Alert>}
        <input type="hidden" name="token" value={token} />
        <TextField label="Email Address" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={setPassword}
        />
        <TextField
          label="Confirm New Password"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={setConfirmation}
        />
        <CheckboxField
          label="Keep my passkeys"
          name="keep_passkeys"
          checked={keepPasskeys}
          onChange={setKeepPasskeys}
          hint="Keep passkeys added since your last password reset. Leave this unticked if you did not add them yourself."
        />
        <Button type="submit" loading={reset.isPending} className="btn--block">
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
