/**
 * Add or edit a testimonial. An existing one can be kept as a draft beside the published one
 *: the modal opens on the draft if there is one, autosaves while the admin types, and
 * closing it keeps what was typed. "Save changes" goes live and the draft is done with.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '#shared/schemas/content.ts';
import type { ContentVersion } from '#shared/schemas/versions.ts';
import { SCREENS } from '#shared/screens.ts';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { FormModal } from '#client/components/ui/form-modal.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { LazyRichTextEditor } from '#client/components/admin/lazy-rich-text-editor.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { HistoryPanel } from '#client/pages/admin/history/history-panel.tsx';
import { DraftControls } from '#client/pages/admin/history/draft-controls.tsx';
import { ScheduleChangeForm } from '#client/pages/admin/history/schedule-change-form.tsx';
import { useDraft } from '#client/pages/admin/history/use-draft.ts';

/** How the modal closed with something saved: the list says so. */
export type TestimonialOutcome = 'added' | 'saved' | 'published';

interface TestimonialModalProps {
  /** null adds a new one. */
  testimonial: Testimonial | null;
  onClose: () => void;
  onSaved: (outcome: TestimonialOutcome) => void;
}

const fields = ['name', 'score', 'review'];

export function TestimonialModal({ testimonial, onClose, onSaved }: TestimonialModalProps) {
  return testimonial ? (
    <EditTestimonialModal testimonial={testimonial} onClose={onClose} onSaved={onSaved} />
  ) : (
    <TestimonialForm testimonial={null} draft={null} onClose={onClose} onSaved={onSaved} />
  );
}

/** An existing testimonial: its draft (if any) is fetched first, since the form opens on it. */
function EditTestimonialModal({ testimonial, onClose, onSaved }: TestimonialModalProps & { testimonial: Testimonial }) {
  // Asked afresh each time the modal opens: a draft saved as the modal last closed may be newer than the cache.
  const draft = useQuery({ ...trpc.versions.draft.queryOptions({ kind: 'testimonial', id: testimonial.id }), refetchOnMount: 'always' });
  if (!draft.data || !draft.isFetchedAfterMount) {
    return (
      <Modal open title="Edit testimonial" size="lg" onClose={onClose}>
        <ErrorSummary error={draft.error} />
        {!draft.error && <Spinner label="Loading the testimonial…" />}
      </Modal>
    );
  }
  return <TestimonialForm testimonial={testimonial} draft={draft.data.draft} onClose={onClose} onSaved={onSaved} />;
}

function TestimonialForm({
  testimonial,
  draft,
  onClose,
  onSaved,
}: TestimonialModalProps & {
  /** The saved draft as the query has it (it follows each autosave). */
  draft: ContentVersion | null;
}) {
  // A draft saved earlier (autosave included) is where the form picks up.
  const live = { name: testimonial?.name ?? '', score: testimonial?.score ?? 5, review: testimonial?.review ?? '' };
  const start = { ...live, ...(draft?.data as Partial<typeof live> | undefined) };
  const [name, setName] = useState(start.name);
  const [score, setScore] = useState(start.score);
  const [review, setReview] = useState(start.review);
  const dirty = name !== start.name || score !== start.score || review !== start.review;
  // A new testimonial has no draft: it does not exist until it is added (the hook never saves for it).
  const autosave = useDraft('testimonial', testimonial?.id ?? 0, { name, score, review }, testimonial !== null && dirty);
  const hasDraft = draft !== null || autosave.savedAt !== null;

  const options = (outcome: TestimonialOutcome) => ({
    onSuccess: async () => {
      if (testimonial && hasDraft) {
        // Saved straight to the live testimonial: a draft beside it is done with.
        autosave.forget();
        await trpcClient.versions.discardDraft.mutate({ kind: 'testimonial', id: testimonial.id }).catch(() => undefined);
      }
      await queryClient.invalidateQueries({ queryKey: trpc.testimonials.list.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() });
      onSaved(outcome);
    },
  });
  const create = useMutation(trpc.testimonials.create.mutationOptions(options('added')));
  const update = useMutation(trpc.testimonials.update.mutationOptions(options('saved')));
  const save = testimonial ? update : create;
  const errors = fieldErrorsOf(save.error);
  const formRef = useSubmitFocus(save.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    autosave.cancelPending();
    if (testimonial) update.mutate({ id: testimonial.id, name, score, review });
    else create.mutate({ name, score, review });
  }

  /** After Discard draft: back to the published testimonial. */
  function showLive() {
    setName(live.name);
    setScore(live.score);
    setReview(live.review);
  }

  return (
    <FormModal
      size="lg"
      title={testimonial ? 'Edit testimonial' : 'Add testimonial'}
      onClose={onClose}
      formId="testimonial-form"
      formRef={formRef}
      onSubmit={submit}
      submitLabel={testimonial ? 'Save changes' : 'Add testimonial'}
      isPending={save.isPending}
    >
      <ErrorSummary error={save.error} fields={fields} />
      <TextField label="Name" name="name" value={name} onChange={setName} error={firstError(errors, 'name')} required />
      <div className={firstError(errors, 'score') ? 'field field--invalid' : 'field'}>
        <StarRating value={score} size={30} onChange={setScore} label="Score" />
        {firstError(errors, 'score') && <p className="field__error">{firstError(errors, 'score')}</p>}
      </div>
      <LazyRichTextEditor label="Review" value={review} onChange={setReview} error={firstError(errors, 'review')} />
      {testimonial && (
        <DraftControls
          kind="testimonial"
          id={testimonial.id}
          autosave={autosave}
          draft={draft}
          // The home page's carousel is where testimonials are shown.
          pageHref={SCREENS.home.path}
          onPublished={() => onSaved('published')}
          onDiscarded={showLive}
        >
          <ScheduleChangeForm kind="testimonial" id={testimonial.id} hasDraft={hasDraft} isPublished />
        </DraftControls>
      )}
      {/* A restore changes the testimonial behind this form: the modal closes and the list shows it. */}
      {testimonial && <HistoryPanel kind="testimonial" id={testimonial.id} onRestored={onClose} />}
    </FormModal>
  );
}
