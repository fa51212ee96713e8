import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { PublicKeyCredentialRequestOptionsJSON as AuthenticationOptions } from '@simplewebauthn/browser';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { usePasskeysUnavailable } from '#client/lib/passkey-availability.ts';
import { trpc, trpcClient } from '#client/lib/trpc.ts';
import { useRedirectParam } from '#client/pages/auth/use-redirect-param.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenPath } from '#shared/screen-paths.ts';

/** The 423 gate's screen: the password, a passkey of the account's, or a code e-mailed to it, then back. */
export function ConfirmPasswordPage() {
  const [, navigate] = useLocation();
  const returnTo = useRedirectParam(screenPath('accountDashboard'));
  const [password, setPassword] = useState('');
  const [withCode, setWithCode] = useState(false);
  const [code, setCode] = useState('');
  const onConfirmed = () => navigate(returnTo);
  const confirm = useMutation(trpc.session.confirmPassword.mutationOptions());
  const passkeysUnavailable = usePasskeysUnavailable();
  const passkey = useMutation({
    mutationFn: async () => {
      const { options } = await trpcClient.session.confirmationPasskeyOptions.mutate({});
      // Loaded when asked for: the WebAuthn library is in no other page's JavaScript.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions });
      await trpcClient.session.confirmWithPasskey.mutate({ response: response as unknown as Record<string, unknown> });
    },
    onSuccess: onConfirmed,
  });
  const sendCode = useMutation(trpc.session.requestConfirmationCode.mutationOptions());
  const codeConfirm = useMutation(trpc.session.confirmWithEmailCode.mutationOptions());

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A failure stays in confirm.error, which is shown below.
    confirm.mutate({ password }, { onSuccess: onConfirmed });
  }

  function onSendCode(event: FormEvent) {
    event.preventDefault();
    setCode('');
    codeConfirm.reset();
    sendCode.mutate({});
  }

  function onCodeSubmit(event: FormEvent) {
    event.preventDefault();
    codeConfirm.mutate({ code }, { onSuccess: onConfirmed });
  }

  if (withCode) {
    return (
      <AuthCard title="Confirm Password">
        <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSendCode}>
          <p>This is a secure area. We can e-mail a 6-digit code to your account&apos;s address instead of asking for your password.</p>
          {sendCode.error && <Alert tone="error">{messageOf(sendCode.error)}</Alert>}
          {sendCode.data && <Alert tone="success">{sendCode.data.message}</Alert>}
          <Button type="submit" variant={sendCode.data ? 'secondary' : 'primary'} loading={sendCode.isPending} className="btn--block">
            {sendCode.data ? 'Send another code' : 'E-mail me a code'}
          </Button>
        </form>
        {sendCode.data && (
          <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onCodeSubmit}>
            {codeConfirm.error && <Alert tone="error">{messageOf(codeConfirm.error)}</Alert>}
            <TextField
              label="Code from the e-mail"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={setCode}
            />
            <Button type="submit" loading={codeConfirm.isPending} className="btn--block">
              Confirm with the code
            </Button>
          </form>
        )}
        <Button variant="ghost" className="btn--block" onClick={() => setWithCode(false)}>
          Confirm with your password instead
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm Password">
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSubmit}>
        <p>This is a secure area. Please confirm your password before continuing.</p>
        {confirm.error && <Alert tone="error">{messageOf(confirm.error)}</Alert>}
        {passkey.error && <Alert tone="error">{messageOf(passkey.error)}</Alert>}
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
      {passkeysUnavailable ? null : (
        <Button variant="secondary" className="btn--block" loading={passkey.isPending} onClick={() => passkey.mutate()}>
          Use a passkey
        </Button>
      )}
      <Button variant="ghost" className="btn--block" onClick={() => setWithCode(true)}>
        E-mail me a code
      </Button>
    </AuthCard>
  );
}
