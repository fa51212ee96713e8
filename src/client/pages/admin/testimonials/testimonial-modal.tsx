import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Testimonial } from '#shared/schemas/content.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { FormModal } from '#client/components/ui/form-modal.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { LazyRichTextEditor } from '#client/components/admin/lazy-rich-text-editor.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { useSubmitFocus } from '#client/pages/admin/use-submit-focus.ts';
import { HistoryPanel } from '#client/pages/admin/history/history-panel.tsx';

interface TestimonialModalProps {
  /** null adds a new one. */
  testimonial: Testimonial | null;
  onClose: () => void;
  onSaved: (isNew: boolean) => void;
}

export function TestimonialModal({ testimonial, onClose, onSaved }: TestimonialModalProps) {
  const [name, setName] = useState(testimonial?.name ?? '');
  const [score, setScore] = useState(testimonial?.score ?? 5);
  const [review, setReview] = useState(testimonial?.review ?? '');
  const options = {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.testimonials.list.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.versions.pathKey() });
      onSaved(!testimonial);
    },
  };
  const create = useMutation(trpc.testimonials.create.mutationOptions(options));
  const update = useMutation(trpc.testimonials.update.mutationOptions(options));
  const save = testimonial ? update : create;
  const errors = fieldErrorsOf(save.error);
  const formRef = useSubmitFocus(save.status);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (testimonial) update.mutate({ id: testimonial.id, name, score, review });
    else create.mutate({ name, score, review });
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
      <ErrorSummary error={save.error} fields={['name', 'score', 'review']} />
      <TextField label="Name" name="name" value={name} onChange={setName} error={firstError(errors, 'name')} required />
      <div className={firstError(errors, 'score') ? 'field field--invalid' : 'field'}>
        <StarRating value={score} size={30} onChange={setScore} label="Score" />
        {firstError(errors, 'score') && <p className="field__error">{firstError(errors, 'score')}</p>}
      </div>
      <LazyRichTextEditor label="Review" value={review} onChange={setReview} error={firstError(errors, 'review')} />
      {/* A restore changes the testimonial behind this form: the modal closes and the list shows it. */}
      {testimonial && <HistoryPanel kind="testimonial" id={testimonial.id} onRestored={onClose} />}
    </FormModal>
  );
}
