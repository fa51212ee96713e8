import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { trpc } from '#client/lib/trpc.ts';
import { useRedirectParam } from '#client/pages/auth/use-redirect-param.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenPath } from '#shared/screen-paths.ts';

export function ConfirmPasswordPage() {
  const [, navigate] = useLocation();
  const returnTo = useRedirectParam(screenPath('accountDashboard'));
  const [password, setPassword] = useState('');
  const confirm = useMutation(trpc.session.confirmPassword.mutationOptions());

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A failure stays in confirm.error, which is shown below.
    confirm.mutate({ password }, { onSuccess: () => navigate(returnTo) });
  }

  return (
    <AuthCard title="Confirm Password">
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSubmit}>
        <p>This is a secure area. Please confirm your password before continuing.</p>
        {confirm.error && <Alert tone="error">{messageOf(confirm.error)}</Alert>}
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" loading={confirm.isPending} className="btn--block">
          Confirm
        </Button>
      </form>
    </AuthCard>
  );
}
