import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { trpcClient } from '#client/lib/trpc.ts';
import { useRedirectParam } from '#client/pages/auth/use-redirect-param.ts';

export function LoginPage() {
  const [, navigate] = useLocation();
  const { refetch } = useSession();
  const returnTo = useRedirectParam('/');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const login = useMutation({
    mutationFn: async (input: { email: string; password: string; remember: boolean }) => {
      // A fresh XSRF-TOKEN cookie first: sign-in rotates the session and the token with it.
      await trpcClient.session.csrfCookie.query({});
      const answer = await trpcClient.session.login.mutate(input);
      if (!answer.two_factor) await refetch();
      return answer;
    },
    onSuccess: (answer) => navigate(answer.two_factor ? '/two-factor-challenge' : returnTo, { replace: !answer.two_factor }),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A failure stays in login.error, whose message is shown below.
    login.mutate({ email, password, remember });
  }

  return (
    <AuthCard title="Please Login">
      <form onSubmit={onSubmit}>
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
        <Button type="submit" loading={login.isPending} className="btn--block">
          Log in
        </Button>
      </form>
      <p className="auth-card__footer">
        New here? <Link href="/register">Sign up now</Link>
      </p>
    </AuthCard>
  );
}
