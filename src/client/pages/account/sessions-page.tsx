/**
 * Signed-in Devices (/account/sessions): the user's sessions, "This device" marked; another one
 * signed out after the confirmation, or every other one with the password (docs/product.md
 * section 2). The server never sends a session's token; `id` is a public id for it.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DeviceSession } from '#shared/schemas/account.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { PROFILE_BANNER_MS } from '#shared/limits.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

const reloadSessions = () => queryClient.invalidateQueries({ queryKey: trpc.session.deviceSessions.queryKey() });

function DeviceRow({ session, onSignOut, busy }: { session: DeviceSession; onSignOut: () => void; busy: boolean }) {
  const display = useDateFormat();
  const name = `${session.browser} on ${session.system}`;
  return (
    <li className="device-list__item">
      <div className="device-list__details">
        <p className="device-list__name">
          {name}
          {session.current && <span className="device-list__badge">This device</span>}
        </p>
        <p className="device-list__meta">
          {session.ipAddress ?? 'Unknown address'} ·{' '}
          {session.current ? 'Active now' : `Last active ${formatDateTime(session.lastActive, display)}`}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" onClick={onSignOut} loading={busy} aria-label={`Sign out ${name}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

function SignOutOthers() {
  const [password, setPassword] = useState('');
  const [done, flashDone] = useFlash(PROFILE_BANNER_MS);
  const signOutOthers = useMutation(
    trpc.session.signOutOtherDevices.mutationOptions({
      onSuccess: async () => {
        setPassword('');
        signOutOthers.reset();
        flashDone('Your other devices have been signed out.');
        await reloadSessions();
      },
    }),
  );
  const errors = fieldErrorsOf(signOutOthers.error);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A failure stays in signOutOthers.error, whose message stands by the field.
    signOutOthers.mutate({ password });
  }

  return (
    <section className="device-others" aria-labelledby="device-others-title">
      <h3 id="device-others-title" className="device-others__title">
        Sign out other devices
      </h3>
      {done && (
        <ResultInView tone="success" trigger={done}>
          {done}
        </ResultInView>
      )}
      <p>If you have left your account signed in somewhere, or think someone else may be using it, sign out everywhere but here.</p>
      {signOutOthers.error && !errors.password && (
        <ResultInView tone="error" trigger={signOutOthers.error}>
          {messageOf(signOutOthers.error)}
        </ResultInView>
      )}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSubmit} className="device-others__form">
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={firstError(errors, 'password')}
        />
        <Button type="submit" loading={signOutOthers.isPending}>
          Sign out other devices
        </Button>
      </form>
    </section>
  );
}

export function SessionsPage() {
  const confirm = useConfirm();
  const sessions = useQuery(trpc.session.deviceSessions.queryOptions({}));
  const signOutDevice = useMutation(trpc.session.signOutDevice.mutationOptions({ onSuccess: reloadSessions }));

  async function onSignOut(id: string) {
    if (!(await confirm())) return;
    // A failure stays in signOutDevice.error, which is shown above the list.
    signOutDevice.mutate({ id });
  }

  const list = sessions.data ?? [];
  return (
    <section className="card account-card">
      <h2 className="card__title">Signed-in Devices</h2>
      <p>These are the browsers and devices signed in to your account. Sign out any you do not recognise, then change your password.</p>
      {signOutDevice.error && (
        <ResultInView tone="error" trigger={signOutDevice.error}>
          {messageOf(signOutDevice.error)}
        </ResultInView>
      )}
      {sessions.isPending ? (
        <Spinner label="Loading your devices…" />
      ) : sessions.error ? (
        <Alert tone="error">{messageOf(sessions.error)}</Alert>
      ) : list.length === 0 ? (
        <p>No devices are signed in.</p>
      ) : (
        <ul className="device-list" aria-label="Signed-in devices">
          {list.map((session) => (
            <DeviceRow
              key={session.id}
              session={session}
              busy={signOutDevice.isPending && signOutDevice.variables.id === session.id}
              onSignOut={() => void onSignOut(session.id)}
            />
          ))}
        </ul>
      )}
      <SignOutOthers />
    </section>
  );
}
