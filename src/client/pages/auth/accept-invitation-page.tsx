/**
 * /accept-invitation/{token}: the page a staff invitation's e-mail links to (rendered by the server
 * for each request: users/invitation-page.route.ts). It says who invited whom as what, and asks for
 * a password (and its confirmation); the form posts natively before the script runs
 * (NATIVE_FORM_PATHS.acceptInvitation). Accepting signs the person in; with the script the page
 * then offers a passkey, or "Not now" to their role's first screen. A used, revoked or expired link
 * says so and what to do.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { AuthCard } from '#client/layouts/auth-layout.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { useNativeForm } from '#client/lib/native-form.ts';
import { useSession } from '#client/lib/session.tsx';
import { trpc, trpcClient } from '#client/lib/trpc.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { AddPasskey } from '#client/pages/account/security-page.tsx';
import { NATIVE_FORM_PATHS } from '#shared/native-forms.ts';
import { landingOf } from '#shared/staff-landing.ts';
import { staffRoleWithArticle } from '#shared/staff-role-labels.ts';
import type { InvitationLookup } from '#shared/schemas/staff-invitations.ts';

const TITLE = 'Join the team';
export const INVITATION_UNUSABLE_MESSAGES = {
  used: 'This invitation link has already been used or has been withdrawn. If you have set your password, sign in; otherwise ask the shop for a new invitation.',
  expired: 'This invitation link has expired: invitations last 7 days. Ask the shop to send you a new one.',
} as const;

export function AcceptInvitationPage({ token }: { token: string }) {
  const invitation = useQuery({ ...trpc.users.invitation.queryOptions({ token }), retry: false });
  const [accepted, setAccepted] = useState(false);
  if (accepted) return <Welcome />;
  return (
    <AuthCard title={TITLE}>
      {invitation.isPending && <Spinner label="Loading your invitation…" />}
      {invitation.isError && <Alert tone="error">{messageOf(invitation.error)}</Alert>}
      {invitation.data && <InvitationView token={token} invitation={invitation.data} onAccepted={() => setAccepted(true)} />}
    </AuthCard>
  );
}

function InvitationView({ token, invitation, onAccepted }: { token: string; invitation: InvitationLookup; onAccepted: () => void }) {
  const { refetch } = useSession();
  // The answer to the form posted without JavaScript: its errors (nothing typed is kept: both fields are passwords).
  const native = useNativeForm('acceptInvitation');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const accept = useMutation({
    mutationFn: async () => {
      await trpcClient.users.acceptInvitation.mutate({ token, password, password_confirmation: confirmation });
      await refetch();
    },
    onSuccess: onAccepted,
  });

  if (invitation.state !== 'open') {
    return (
      <>
        <Alert tone="error">{INVITATION_UNUSABLE_MESSAGES[invitation.state]}</Alert>
        <Link href={screenHref('login')} className="btn btn--secondary btn--block">
          Sign in
        </Link>
      </>
    );
  }

  const errors = accept.error ? fieldErrorsOf(accept.error) : (native?.fieldErrors ?? {});
  // The link's own refusal (used meanwhile, expired) and a throttle are about the whole form.
  const formMessage = accept.error
    ? (firstError(errors, 'token') ?? (Object.keys(errors).length === 0 ? messageOf(accept.error) : undefined))
    : (native?.message ?? firstError(errors, 'token'));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    accept.mutate();
  }

  return (
    <>
      <p>
        {invitation.invited_by ? `${invitation.invited_by} has invited you` : 'You have been invited'}, {invitation.name}, to join the team
        as <strong>{staffRoleWithArticle(invitation.staff_role)}</strong>. You will sign in as <strong>{invitation.email}</strong>.
      </p>
      <p>Choose a password to finish setting up your account.</p>
      <form method="post" action={NATIVE_FORM_PATHS.acceptInvitation} onSubmit={onSubmit} noValidate>
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <input type="hidden" name="token" value={token} />
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={setPassword}
          error={firstError(errors, 'password')}
        />
        <TextField
          label="Confirm password"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={setConfirmation}
          error={firstError(errors, 'password_confirmation')}
        />
        <Button type="submit" loading={accept.isPending} className="btn--block">
          Set password and sign in
        </Button>
      </form>
    </>
  );
}

/** Signed in: a passkey now (the account security page's own form), or straight to work. */
function Welcome() {
  const { user } = useSession();
  return (
    <AuthCard title="Welcome to the team">
      <Alert tone="success">Your account is ready and you are signed in.</Alert>
      <AddPasskey />
      <Link href={landingOf(user)} className="btn btn--secondary btn--block">
        Not now
      </Link>
    </AuthCard>
  );
}
