/**
 * Sign-in & security (/account/security): the user's passkeys, where and when each was last used;
 * add one (after the password was confirmed: the server's 423 goes to confirm-password and back),
 * rename, remove. The WebAuthn browser library is loaded when the user asks to add a passkey.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Passkey } from '#shared/schemas/passkeys.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { usePasskeysUnavailable } from '#client/lib/passkey-availability.ts';

const reloadPasskeys = () => queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const display = useDateFormat();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const rename = useMutation(
    trpc.passkeys.rename.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        await reloadPasskeys();
      },
    }),
  );
  const remove = useMutation(trpc.passkeys.remove.mutationOptions({ onSuccess: reloadPasskeys }));
  const errors = fieldErrorsOf(rename.error);

  function onRename(event: FormEvent) {
    event.preventDefault();
    rename.mutate({ id: passkey.id, name });
  }

  async function onRemove() {
    if (!(await confirm())) return;
    remove.mutate({ id: passkey.id });
  }

  const used = passkey.last_used_at
    ? `Last used ${formatDateTime(passkey.last_used_at, display)}${passkey.last_used_device ? ` on ${passkey.last_used_device}` : ''}${passkey.last_used_ip ? ` from ${passkey.last_used_ip}` : ''}`
    : 'Not used yet';
  return (
    <li className="device-list__item">
      {editing ? (
        <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onRename} className="device-list__details">
          <TextField
            label="Passkey name"
            name="name"
            required
            maxLength={100}
            value={name}
            onChange={setName}
            error={firstError(errors, 'name')}
          />
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="device-list__details">
          <p className="device-list__name">{passkey.name}</p>
          <p className="device-list__meta">
            Added {formatDateTime(passkey.created_at, display)} · {used}
          </p>
          {remove.error && (
            <ResultInView tone="error" trigger={remove.error}>
              {messageOf(remove.error)}
            </ResultInView>
          )}
        </div>
      )}
      {!editing && (
        <div className="form-row">
          <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Rename ${passkey.name}`}>
            Rename
          </Button>
          <Button variant="danger" onClick={() => void onRemove()} loading={remove.isPending} aria-label={`Remove ${passkey.name}`}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/** Also offered right after a staff invitation is accepted (pages/auth/accept-invitation-page.tsx). */
export function AddPasskey() {
  const unavailable = usePasskeysUnavailable();
  const [name, setName] = useState('');
  const [done, setDone] = useState('');
  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const { options } = await trpcClient.passkeys.registrationOptions.mutate({});
      // Loaded only now: the library stays out of every other page's JavaScript.
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      return trpcClient.passkeys.add.mutate({ name: passkeyName, response: response as unknown as Record<string, unknown> });
    },
    onSuccess: async () => {
      setDone(`Passkey "${name}" added. You can now sign in with it.`);
      setName('');
      await reloadPasskeys();
    },
  });
  const errors = fieldErrorsOf(add.error);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone('');
    add.mutate(name);
  }

  return (
    <section className="device-others" aria-labelledby="add-passkey-title">
      <h3 id="add-passkey-title" className="device-others__title">
        Add a passkey
      </h3>
      <p>
        A passkey signs you in with your fingerprint, face or device PIN instead of a password. It cannot be phished, and it counts as
        two-factor on its own.
      </p>
      {done && (
        <ResultInView tone="success" trigger={done}>
          {done}
        </ResultInView>
      )}
      {add.error && !errors.name && (
        <ResultInView tone="error" trigger={add.error}>
          {messageOf(add.error)}
        </ResultInView>
      )}
      {unavailable ? (
        <Alert tone="info">{unavailable}</Alert>
      ) : (
        <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSubmit} className="device-others__form">
          <TextField
            label="Name for the passkey"
            name="passkey-name"
            required
            maxLength={100}
            placeholder="My phone"
            value={name}
            onChange={setName}
            error={firstError(errors, 'name')}
          />
          <Button type="submit" loading={add.isPending}>
            Add a passkey
          </Button>
        </form>
      )}
    </section>
  );
}

export function SecurityPage() {
  const passkeys = useQuery(trpc.passkeys.list.queryOptions({}));
  const list = passkeys.data?.data ?? [];
  return (
    <section className="card account-card">
      <h2 className="card__title">Sign-in &amp; security</h2>
      <h3>Passkeys</h3>
      {passkeys.isPending ? (
        <Spinner label="Loading your passkeys…" />
      ) : passkeys.error ? (
        <Alert tone="error">{messageOf(passkeys.error)}</Alert>
      ) : list.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul className="device-list" aria-label="Passkeys">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <AddPasskey />
    </section>
  );
}
