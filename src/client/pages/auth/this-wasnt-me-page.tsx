import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { messageOf } from '#client/lib/api-errors.ts';
import { trpc } from '#client/lib/trpc.ts';
import { screenHref } from '#client/lib/screen-links.ts';

/**
 * The "this wasn't me" link of a security e-mail. Opening the link changes nothing (mail scanners
 * open links too); the button gives the account back: the original address after an e-mail change,
 * everyone signed out, two-factor and passkeys removed, a password reset link e-mailed.
 */
export function ThisWasntMePage({ token }: { token: string }) {
  const report = useMutation(trpc.session.thisWasntMe.mutationOptions());

  if (report.data) {
    return (
      <AuthCard title="Your Account Is Signed Out">
        <Alert tone="success">{report.data.message}</Alert>
        <Link href={screenHref('login')} className="btn btn--primary btn--block">
          Return To Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Secure Your Account">
      {report.error && <Alert tone="error">{messageOf(report.error)}</Alert>}
      <p>
        If you did not make the change or the sign-in we e-mailed you about, someone else may know your password. We will give the address
        we e-mailed back to your account if it was changed, sign everyone out, remove two-factor and every passkey, and e-mail you a link to
        choose a new password.
      </p>
      <Button type="button" loading={report.isPending} className="btn--block" onClick={() => report.mutate({ token })}>
        Secure My Account And Reset My Password
      </Button>
    </AuthCard>
  );
}
