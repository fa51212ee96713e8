import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '#shared/schemas/content.ts';
import { ADMIN_BANNER_MS, ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { textOfHtml } from '#client/pages/admin/text-of-html.ts';
import { TestimonialModal, type TestimonialOutcome } from '#client/pages/admin/testimonials/testimonial-modal.tsx';

/** Which modal is open: none, a new testimonial, or an existing one. */
type Editing = null | 'new' | Testimonial;

const SAVED_MESSAGES: Record<TestimonialOutcome, string> = {
  added: 'Testimonial Added Successfully',
  saved: 'Testimonial Changes Saved',
  published: 'Draft published: the testimonial is live.',
};

export function TestimonialsPage() {
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [message, flash] = useFlash(ADMIN_BANNER_MS);
  const confirm = useConfirm();
  const list = useQuery({ ...trpc.testimonials.list.queryOptions({ limit: ADMIN_PAGE_SIZE, page }), placeholderData: keepPreviousData });
  const remove = useMutation(
    trpc.testimonials.delete.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.testimonials.list.pathKey() }),
    }),
  );
  const pageCount = list.data ? Math.ceil(list.data.total / ADMIN_PAGE_SIZE) : 0;

  async function onDelete(testimonial: Testimonial) {
    if (await confirm()) remove.mutate({ id: testimonial.id });
  }

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Testimonials</h1>
        <Button onClick={() => setEditing('new')}>Add testimonial</Button>
      </div>
      {message && <Alert tone="success">{message}</Alert>}
      <ErrorSummary error={list.error ?? remove.error} />
      {list.isPending ? (
        <Spinner label="Loading testimonials…" />
      ) : list.data?.results.length === 0 ? (
        <p>No testimonials yet.</p>
      ) : (
        <ul className="admin-list" aria-busy={list.isFetching}>
          {list.data?.results.map((t) => (
            <li key={t.id} className="admin-list__item">
              <div className="admin-list__main">
                <h2 className="admin-list__title">{t.name}</h2>
                <StarRating value={t.score} size={18} readOnly label={`${t.name}'s rating`} />
                <p className="admin-list__text">{textOfHtml(t.review, 300)}</p>
              </div>
              <div className="admin-list__actions">
                <Button variant="secondary" onClick={() => setEditing(t)} aria-label={`Edit testimonial by ${t.name}`}>
                  Edit
                </Button>
                <Button variant="quiet-danger" onClick={() => void onDelete(t)} aria-label={`Delete testimonial by ${t.name}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} zeroBased />
      {editing && (
        <TestimonialModal
          testimonial={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(outcome) => {
            setEditing(null);
            flash(SAVED_MESSAGES[outcome]);
          }}
        />
      )}
    </>
  );
}
