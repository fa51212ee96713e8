import { useMutation } from '@tanstack/react-query';
import { AuthCard } from '../../layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { trpc } from '../../lib/trpc.ts';

export function VerifyEmailPage() {
  usePageTitle('Verify Your Email Address');
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
