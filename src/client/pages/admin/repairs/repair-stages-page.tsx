/**
 * /admin/repair-stages: the shop's repair stages in order: rename, move up or down, remove (not a
 * stage a job is at, not Collected), add (it goes before Collected).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import type { RepairStage, RepairStages } from '#shared/schemas/repair-jobs.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import './repairs.css';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

export function RepairStagesPage() {
  const stages = useQuery(trpc.repairJobs.admin.listStages.queryOptions({}));
  const onSuccess = async (answer: RepairStages) => {
    queryClient.setQueryData(trpc.repairJobs.admin.listStages.queryKey({}), answer);
    await queryClient.invalidateQueries({ queryKey: trpc.repairJobs.admin.board.queryKey({}) });
  };
  const reorder = useMutation(trpc.repairJobs.admin.reorderStages.mutationOptions({ onSuccess }));
  const remove = useMutation(trpc.repairJobs.admin.removeStage.mutationOptions({ onSuccess }));
  const confirm = useConfirm();
  const list = stages.data?.data ?? [];

  function moveBy(index: number, by: -1 | 1) {
    const ids = list.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate({ ids });
  }

  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminRepairs')}>← Repairs</Link>
      </p>
      <h1 className="admin__title">Repair stages</h1>
      <ErrorSummary error={stages.error ?? reorder.error ?? remove.error} fields={['ids', 'id']} />
      {stages.isPending ? (
        <Spinner label="Loading the stages…" />
      ) : (
        <ol className="repair-stages__list">
          {list.map((stage, index) => (
            <li key={stage.id}>
              <StageRow
                stage={stage}
                onSuccess={onSuccess}
                actions={
                  <>
                    <Button
                      variant="secondary"
                      disabled={index === 0}
                      onClick={() => moveBy(index, -1)}
                      aria-label={`Move ${stage.name} up`}
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={index === list.length - 1}
                      onClick={() => moveBy(index, 1)}
                      aria-label={`Move ${stage.name} down`}
                    >
                      Down
                    </Button>
                    {!stage.is_collected && (
                      <Button
                        variant="quiet-danger"
                        onClick={() => void confirm().then((ok) => ok && remove.mutate({ id: stage.id }))}
                        aria-label={`Remove ${stage.name}`}
                      >
                        Remove
                      </Button>
                    )}
                  </>
                }
              />
            </li>
          ))}
        </ol>
      )}
      <AddStageForm onSuccess={onSuccess} />
    </>
  );
}

function StageRow({
  stage,
  actions,
  onSuccess,
}: {
  stage: RepairStage;
  actions: React.ReactNode;
  onSuccess: (a: RepairStages) => Promise<void>;
}) {
  const [name, setName] = useState(stage.name);
  const rename = useMutation(trpc.repairJobs.admin.renameStage.mutationOptions({ onSuccess }));
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate({ id: stage.id, name });
  }
  return (
    <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="repair-stages__row" onSubmit={submit} noValidate>
      <TextField
        label={`Stage ${stage.position + 1}`}
        name={`stage-${stage.id}`}
        value={name}
        onChange={setName}
        error={firstError(fieldErrorsOf(rename.error), 'name')}
      />
      <Button type="submit" variant="secondary" loading={rename.isPending} aria-label={`Rename ${stage.name}`}>
        Rename
      </Button>
      {actions}
    </form>
  );
}

function AddStageForm({ onSuccess }: { onSuccess: (a: RepairStages) => Promise<void> }) {
  const [name, setName] = useState('');
  const add = useMutation(trpc.repairJobs.admin.addStage.mutationOptions({ onSuccess: async (a) => (setName(''), onSuccess(a)) }));
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-form admin-section"
      noValidate
      aria-labelledby="add-stage-heading"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ name });
      }}
    >
      <h2 id="add-stage-heading">Add a stage</h2>
      <TextField label="Name" name="name" value={name} onChange={setName} error={firstError(fieldErrorsOf(add.error), 'name')} required />
      <div className="admin-form__actions">
        <Button type="submit" loading={add.isPending}>
          Add stage
        </Button>
      </div>
    </form>
  );
}
