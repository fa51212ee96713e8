import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { AuthCard } from '../../layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-fields.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { trpc } from '../../lib/trpc.ts';
import { useRedirectParam } from './use-redirect-param.ts';

export function ConfirmPasswordPage() {
  usePageTitle('Confirm Password');
  const [, navigate] = useLocation();
  const returnTo = useRedirectParam('/account');
  const [password, setPassword] = useState('');
  const confirm = useMutation(trpc.session.confirmPassword.mutationOptions());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await confirm.mutateAsync({ password });
      navigate(returnTo);
    } catch {
      // confirm.error is shown below.
    }
  }

  return (
    <AuthCard title="Confirm Password">
      <form onSubmit={(event) => void onSubmit(event)}>
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
