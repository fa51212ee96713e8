import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { appCodeOf, messageOf } from '#client/lib/api-errors.ts';
import { INVALID_TWO_FACTOR_CODE_MESSAGE, looksLikeAppCode } from '#shared/two-factor-codes.ts';
import { useSession } from '#client/lib/session.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { useNativeForm } from '#client/lib/native-form.ts';
import { NATIVE_FORM_PATHS } from '#shared/native-forms.ts';
import { landingAfterSignIn, useRawRedirectParam } from '#client/pages/auth/use-redirect-param.ts';

export function TwoFactorChallengePage() {
  const [, navigate] = useLocation();
  const { refetch } = useSession();
  const redirect = useRawRedirectParam();
  const native = useNativeForm('twoFactorChallenge');
  const nativeError = native?.message ?? Object.values(native?.fieldErrors ?? {})[0]?.[0];
  const [code, setCode] = useState('');
  const challenge = useMutation(
    trpc.session.twoFactorChallenge.mutationOptions({
      onSuccess: async () => {
        const user = await refetch();
        navigate(landingAfterSignIn(redirect, user), { replace: true });
      },
    }),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // One field for both: the server tries it as a recovery code, then as an app code. A failure
    // stays in challenge.error, which is shown below.
    challenge.mutate({ code, recovery_code: code });
  }

  return (
    <AuthCard title="2FA Authentication">
      <form method="post" action={NATIVE_FORM_PATHS.twoFactorChallenge} onSubmit={onSubmit}>
        {challenge.error ? (
          <Alert tone="error">{challengeErrorMessage(challenge.error, submittedCode(challenge.variables))}</Alert>
        ) : (
          nativeError && <Alert tone="error">{nativeError}</Alert>
        )}
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

/**
 * The client sends its one input as both code and recovery_code (as the original did), so a wrong
 * code is answered with the recovery code's message; an input that looks like an app code is
 * told so in the app code's words.
 */
export function challengeErrorMessage(error: unknown, submitted: string): string {
  if (appCodeOf(error) === 'VALIDATION' && looksLikeAppCode(submitted)) return INVALID_TWO_FACTOR_CODE_MESSAGE;
  return messageOf(error);
}

function submittedCode(variables: { code?: unknown } | undefined): string {
  return typeof variables?.code === 'string' ? variables.code : '';
}
