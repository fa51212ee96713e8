/**
 * /admin/insurers: the insurers the shop keeps, by name, 25 a page: rename, take out of the list
 * (its claims keep it), add. The claim panel of a quote or job offers the active ones.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import type { Insurer } from '#shared/schemas/insurance.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import '#client/pages/admin/repairs/repairs.css';

const PAGE_SIZE = 25;
const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.insurance.admin.insurers.queryKey() });

export function InsurersPage() {
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.insurance.admin.insurers.queryOptions({ page, limit: PAGE_SIZE }));
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  return (
    <>
      <h1 className="admin__title">Insurers</h1>
      <p>The insurers a quote or a repair can be marked insured with. One taken out of the list stays on the claims that name it.</p>
      <ErrorSummary error={list.error} />
      {list.isPending ? (
        <Spinner label="Loading the insurers…" />
      ) : (
        <>
          {list.data?.data.length === 0 && <p>No insurers yet: add the first below.</p>}
          <ul className="repair-stages__list" data-testid="insurers">
            {list.data?.data.map((insurer) => (
              <li key={insurer.id}>
                <InsurerRow insurer={insurer} />
              </li>
            ))}
          </ul>
          {pageCount > 1 && <Pagination page={page} pageCount={pageCount} onChange={setPage} />}
        </>
      )}
      <AddInsurerForm />
    </>
  );
}

function InsurerRow({ insurer }: { insurer: Insurer }) {
  const [name, setName] = useState(insurer.name);
  const rename = useMutation(trpc.insurance.admin.renameInsurer.mutationOptions({ onSuccess: refresh }));
  const deactivate = useMutation(trpc.insurance.admin.deactivateInsurer.mutationOptions({ onSuccess: refresh }));
  const confirm = useConfirm();
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate({ id: insurer.id, name });
  }
  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="repair-stages__row" onSubmit={submit} noValidate>
      <TextField
        label={insurer.active ? 'Insurer' : 'Insurer (no longer offered)'}
        name={`insurer-${insurer.id}`}
        value={name}
        onChange={setName}
        error={firstError(fieldErrorsOf(rename.error), 'name')}
      />
      <Button type="submit" variant="secondary" loading={rename.isPending} aria-label={`Rename ${insurer.name}`}>
        Rename
      </Button>
      {insurer.active && (
        <Button
          variant="quiet-danger"
          loading={deactivate.isPending}
          onClick={() => void confirm().then((ok) => ok && deactivate.mutate({ id: insurer.id }))}
          aria-label={`Take ${insurer.name} out of the list`}
        >
          Take out of the list
        </Button>
      )}
    </form>
  );
}

function AddInsurerForm() {
  const [name, setName] = useState('');
  const add = useMutation(
    trpc.insurance.admin.addInsurer.mutationOptions({
      onSuccess: async () => {
        setName('');
        await refresh();
      },
    }),
  );
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-form admin-section"
      noValidate
      aria-labelledby="add-insurer-heading"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ name });
      }}
    >
      <h2 id="add-insurer-heading">Add an insurer</h2>
      <ErrorSummary error={add.error} fields={['name']} />
      <TextField label="Name" name="name" value={name} onChange={setName} error={firstError(fieldErrorsOf(add.error), 'name')} required />
      <div className="admin-form__actions">
        <Button type="submit" loading={add.isPending}>
          Add insurer
        </Button>
      </div>
    </form>
  );
}
