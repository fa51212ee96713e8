import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { trpc } from '#client/lib/trpc.ts';
import { useNativeForm } from '#client/lib/native-form.ts';
import { NATIVE_FORM_PATHS } from '#shared/native-forms.ts';

export function ForgotPasswordPage() {
  const native = useNativeForm('forgotPassword');
  const nativeError = native?.message ?? Object.values(native?.fieldErrors ?? {})[0]?.[0];
  const [email, setEmail] = useState(native?.values.email ?? '');
  const forgot = useMutation(trpc.session.forgotPassword.mutationOptions());

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    forgot.mutate({ email });
  }

  return (
    <AuthCard title="Forgotten Password">
      <form method="post" action={NATIVE_FORM_PATHS.forgotPassword} onSubmit={onSubmit}>
        {forgot.error ? <Alert tone="error">{messageOf(forgot.error)}</Alert> : nativeError && <Alert tone="error">{nativeError}</Alert>}
        {forgot.data ? (
          <Alert tone="success">{forgot.data.message}</Alert>
        ) : (
          native?.notice && <Alert tone="success">{native.notice}</Alert>
        )}
        <p>Enter the e-mail address you registered with and we will send you a link to choose a new password.</p>
        <TextField label="Email Address" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <Button type="submit" loading={forgot.isPending} className="btn--block">
          Send Password-Reset E-Mail
        </Button>
      </form>
    </AuthCard>
  );
}
