import { useMutation } from '@tanstack/react-query';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { trpc } from '#client/lib/trpc.ts';

export function VerifyEmailPage() {
  const resend = useMutation(trpc.session.resendVerification.mutationOptions());
  return (
    <AuthCard title="Verify Your Email Address">
      {resend.isSuccess && <Alert tone="success">A fresh verification link has been sent to your e-mail address.</Alert>}
      {resend.error && <Alert tone="error">{messageOf(resend.error)}</Alert>}
      <p>Before going any further, please check your e-mail and click the link we sent you to verify your address.</p>
      <p>If you did not receive the e-mail, we will gladly send you another.</p>
      <Button onClick={() => resend.mutate({})} loading={resend.isPending} className="btn--block">
        Resend Verification Email
      </Button>
    </AuthCard>
  );
}
