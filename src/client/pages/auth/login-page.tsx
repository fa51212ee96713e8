import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '../../layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../components/ui/form-fields.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { useRedirectParam } from './use-redirect-param.ts';

export function LoginPage() {
  usePageTitle('Login');
  const [, navigate] = useLocation();
  const { refetch } = useSession();
  const returnTo = useRedirectParam('/');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const login = useMutation(trpc.session.login.mutationOptions());
  const [isBusy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      // A fresh XSRF-TOKEN cookie first: sign-in rotates the session and the token with it.
      await trpcClient.session.csrfCookie.query({});
      const answer = await login.mutateAsync({ email, password, remember });
      if (answer.two_factor) {
        navigate('/two-factor-challenge');
        return;
      }
      await refetch();
      navigate(returnTo);
    } catch {
      // login.error holds the message shown below.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Please Login">
      <form onSubmit={(event) => void onSubmit(event)}>
        {login.error && <Alert tone="error">{messageOf(login.error)}</Alert>}
        <TextField label="Email Address" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <div className="form-row form-row--between">
          <CheckboxField label="Remember me" name="remember" checked={remember} onChange={setRemember} />
          <Link href="/forgot-password">Forgot your password?</Link>
        </div>
        <Button type="submit" loading={isBusy} className="btn--block">
          Log in
        </Button>
      </form>
      <p className="auth-card__footer">
        New here? <Link href="/register">Sign up now</Link>
      </p>
    </AuthCard>
  );
}
