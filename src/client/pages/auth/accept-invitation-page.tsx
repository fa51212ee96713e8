/**
 * /accept-invitation/{token}: the page a staff invitation's e-mail links to (rendered by the server
 * for each request: users/invitation-page.route.ts). It says who invited whom as what, and asks for
 * a password (and its confirmation); the form posts natively before the script runs
 * (NATIVE_FORM_PATHS.acceptInvitation). Accepting signs the person in; with the script the page
 * then offers a passkey, or "Not now" to their role's first screen. Where the browser has passkeys,
 * a passkey may be set up instead of the password (users/invitation-passkey.service.ts). A used,
 * revoked or expired link says so and what to do.
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
import { usePasskeysUnavailable } from '#client/lib/passkey-availability.ts';
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
  const [accepted, setAccepted] = useState<'password' | 'passkey' | null>(null);
  if (accepted) return <Welcome withPasskey={accepted === 'passkey'} />;
  return (
    <AuthCard title={TITLE}>
      {invitation.isPending && <Spinner label="Loading your invitation…" />}
      {invitation.isError && <Alert tone="error">{messageOf(invitation.error)}</Alert>}
      {invitation.data && <InvitationView token={token} invitation={invitation.data} onAccepted={setAccepted} />}
    </AuthCard>
  );
}

function InvitationView({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationLookup;
  onAccepted: (how: 'password' | 'passkey') => void;
}) {
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
    onSuccess: () => onAccepted('password'),
  });
  const passkeysUnavailable = usePasskeysUnavailable();
  const withPasskey = useMutation({
    mutationFn: async () => {
      const { options } = await trpcClient.users.invitationPasskeyOptions.mutate({ token });
      // Loaded only now: the WebAuthn library stays out of every other page's JavaScript.
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      await trpcClient.users.acceptInvitationWithPasskey.mutate({ token, response: response as unknown as Record<string, unknown> });
      await refetch();
    },
    onSuccess: () => onAccepted('passkey'),
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
      {!passkeysUnavailable && (
        <section aria-labelledby="invitation-passkey-title">
          <h2 id="invitation-passkey-title" className="auth-card__subtitle">
            Or use a passkey instead
          </h2>
          <p>Sign in with your fingerprint, face or device PIN, with no password to remember. You can set a password later.</p>
          {withPasskey.error && (
            <Alert tone="error">{firstError(fieldErrorsOf(withPasskey.error), 'token') ?? messageOf(withPasskey.error)}</Alert>
          )}
          <Button variant="secondary" className="btn--block" loading={withPasskey.isPending} onClick={() => withPasskey.mutate()}>
            Set up a passkey and sign in
          </Button>
        </section>
      )}
    </>
  );
}

/** Signed in: a passkey now (the account security page's own form) unless they made one, or straight to work. */
function Welcome({ withPasskey }: { withPasskey: boolean }) {
  const { user } = useSession();
  return (
    <AuthCard title="Welcome to the team">
      <Alert tone="success">
        {withPasskey ? 'Your account is ready, with your passkey, and you are signed in.' : 'Your account is ready and you are signed in.'}
      </Alert>
      {!withPasskey && <AddPasskey />}
      <Link href={landingOf(user)} className={withPasskey ? 'btn btn--primary btn--block' : 'btn btn--secondary btn--block'}>
        {withPasskey ? 'Start' : 'Not now'}
      </Link>
    </AuthCard>
  );
}
