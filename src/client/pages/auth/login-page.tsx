import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { trpcClient } from '#client/lib/trpc.ts';
import { useNativeForm } from '#client/lib/native-form.ts';
import { NATIVE_FORM_PATHS, SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { landingAfterSignIn, useRawRedirectParam } from '#client/pages/auth/use-redirect-param.ts';
import type { User } from '#shared/schemas/user.ts';
import type { PublicKeyCredentialRequestOptionsJSON as AuthenticationOptions } from '@simplewebauthn/browser';
import { usePasskeysUnavailable } from '#client/lib/passkey-availability.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { screenPathWithQuery } from '#shared/screen-paths.ts';

export function LoginPage() {
  const [, navigate] = useLocation();
  const { refetch } = useSession();
  const redirect = useRawRedirectParam();
  // The two-factor step carries the page to return to; without one an admin lands on /admin.
  const twoFactorStep = screenPathWithQuery('twoFactorChallenge', { redirect: redirect ?? undefined });
  const afterSignIn = (answer: { two_factor: boolean; user: User | null }) =>
    navigate(answer.two_factor ? twoFactorStep : landingAfterSignIn(redirect, answer.user), { replace: !answer.two_factor });
  // The answer to a sign-in posted without JavaScript: what was typed (never the password) and why it failed.
  const native = useNativeForm('login');
  const nativeError = native?.message ?? Object.values(native?.fieldErrors ?? {})[0]?.[0];
  const [email, setEmail] = useState(native?.values.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(native?.values.remember === 'on');
  const [withCode, setWithCode] = useState(false);
  const [code, setCode] = useState('');
  const sendCode = useMutation({
    mutationFn: async (input: { email: string }) => {
      await trpcClient.session.csrfCookie.query({});
      return trpcClient.session.requestEmailCode.mutate(input);
    },
  });
  const codeLogin = useMutation({
    mutationFn: async (input: { email: string; code: string; remember: boolean }) => {
      const answer = await trpcClient.session.emailCodeLogin.mutate(input);
      return { two_factor: answer.two_factor, user: answer.two_factor ? null : await refetch() };
    },
    onSuccess: afterSignIn,
  });
  const onSignedIn = async () => {
    const user = await refetch();
    navigate(landingAfterSignIn(redirect, user), { replace: true });
  };
  const passkeysUnavailable = usePasskeysUnavailable();
  const passkey = useMutation({
    mutationFn: async () => {
      await trpcClient.session.csrfCookie.query({});
      const { options } = await trpcClient.passkeys.loginOptions.mutate({});
      // Loaded when asked for: the WebAuthn library is in no other page's JavaScript.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions });
      await trpcClient.passkeys.login.mutate({ response: response as unknown as Record<string, unknown>, remember });
    },
    onSuccess: onSignedIn,
  });

  // Passkeys offered in the e-mail field's autofill (conditional mediation), where the browser can.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (passkeysUnavailable || !window.PublicKeyCredential.isConditionalMediationAvailable) return;
      if (!(await window.PublicKeyCredential.isConditionalMediationAvailable())) return;
      const { startAuthentication } = await import('@simplewebauthn/browser');
      await trpcClient.session.csrfCookie.query({});
      const { options } = await trpcClient.passkeys.loginOptions.mutate({});
      if (cancelled) return;
      const response = await startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions, useBrowserAutofill: true });
      await trpcClient.passkeys.login.mutate({ response: response as unknown as Record<string, unknown>, remember: false });
      await onSignedIn();
    })().catch(() => {
      // Autofill dismissed or replaced by another ceremony: the form stays as it is.
    });
    return () => {
      cancelled = true;
    };
    // Once per visit to the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const login = useMutation({
    mutationFn: async (input: { email: string; password: string; remember: boolean }) => {
      // A fresh XSRF-TOKEN cookie first: sign-in rotates the session and the token with it.
      await trpcClient.session.csrfCookie.query({});
      const answer = await trpcClient.session.login.mutate(input);
      return { two_factor: answer.two_factor, user: answer.two_factor ? null : await refetch() };
    },
    onSuccess: afterSignIn,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A failure stays in login.error, whose message is shown below.
    login.mutate({ email, password, remember });
  }

  function onSendCode(event: FormEvent) {
    event.preventDefault();
    setCode('');
    codeLogin.reset();
    sendCode.mutate({ email });
  }

  function onCodeSubmit(event: FormEvent) {
    event.preventDefault();
    codeLogin.mutate({ email, code, remember });
  }

  if (withCode) {
    return (
      <AuthCard title="Please Login">
        <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSendCode}>
          {sendCode.error && <Alert tone="error">{messageOf(sendCode.error)}</Alert>}
          {sendCode.data && <Alert tone="success">{sendCode.data.message}</Alert>}
          <TextField label="Email Address" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
          <Button type="submit" variant={sendCode.data ? 'secondary' : 'primary'} loading={sendCode.isPending} className="btn--block">
            {sendCode.data ? 'Send another code' : 'E-mail me a code'}
          </Button>
        </form>
        {sendCode.data && (
          <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onCodeSubmit}>
            {codeLogin.error && <Alert tone="error">{messageOf(codeLogin.error)}</Alert>}
            <TextField
              label="Code from the e-mail"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={setCode}
            />
            <CheckboxField label="Remember me" name="remember" checked={remember} onChange={setRemember} />
            <Button type="submit" loading={codeLogin.isPending} className="btn--block">
              Log in with the code
            </Button>
          </form>
        )}
        <Button variant="ghost" className="btn--block" onClick={() => setWithCode(false)}>
          Log in with your password instead
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Please Login">
      <form method="post" action={NATIVE_FORM_PATHS.login} onSubmit={onSubmit}>
        {login.error ? <Alert tone="error">{messageOf(login.error)}</Alert> : nativeError && <Alert tone="error">{nativeError}</Alert>}
        {native?.notice && !login.error && <Alert tone="success">{native.notice}</Alert>}
        {passkey.error && <Alert tone="error">{messageOf(passkey.error)}</Alert>}
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="username webauthn"
          required
          value={email}
          onChange={setEmail}
        />
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
          <Link href={screenHref('forgotPassword')}>Forgot your password?</Link>
        </div>
        <Button type="submit" loading={login.isPending} className="btn--block">
          Log in
        </Button>
      </form>
      {passkeysUnavailable ? (
        <Alert tone="info">{passkeysUnavailable}</Alert>
      ) : (
        <Button variant="secondary" className="btn--block" loading={passkey.isPending} onClick={() => passkey.mutate()}>
          Sign in with a passkey
        </Button>
      )}
      <Button variant="ghost" className="btn--block" onClick={() => setWithCode(true)}>
        E-mail me a code instead
      </Button>
      <p className="auth-card__footer">
        New here? <Link href={screenHref('register')}>Sign up now</Link>
      </p>
    </AuthCard>
  );
}
