import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { AuthCard } from '../../layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-fields.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';

export function TwoFactorChallengePage() {
  usePageTitle('2FA Authentication');
  const [, navigate] = useLocation();
  const { refetch } = useSession();
  const [code, setCode] = useState('');
  const challenge = useMutation(trpc.session.twoFactorChallenge.mutationOptions());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      // One field for both: the server tries it as a recovery code, then as an app code.
      await challenge.mutateAsync({ code, recovery_code: code });
      await refetch();
      navigate('/');
    } catch {
      // challenge.error is shown below.
    }
  }

  return (
    <AuthCard title="2FA Authentication">
      <form onSubmit={(event) => void onSubmit(event)}>
        {challenge.error && <Alert tone="error">{messageOf(challenge.error)}</Alert>}
        <TextField
          label="Authentication or recovery code"
          name="code"
          required
          autoComplete="one-time-code"
          autoFocus
          hint="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
          value={code}
          onChange={setCode}
        />
        <Button type="submit" loading={challenge.isPending} className="btn--block">
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
