/**
 * /admin/feedback: customers' feedback from the review request, given with consent to publish,
 * waiting for the admin (beside Testimonials). Approve makes it a testimonial in the carousel;
 * Keep private leaves it out.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import type { PendingFeedback } from '#shared/schemas/reviews.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';

export function FeedbackPage() {
  const dates = useDateFormat();
  const pending = useQuery(trpc.reviews.admin.pending.queryOptions({}));
  const onSuccess = (answer: PendingFeedback) => {
    queryClient.setQueryData(trpc.reviews.admin.pending.queryKey({}), answer);
    void queryClient.invalidateQueries({ queryKey: trpc.testimonials.list.pathKey() });
  };
  const approve = useMutation(trpc.reviews.admin.approve.mutationOptions({ onSuccess }));
  const reject = useMutation(trpc.reviews.admin.reject.mutationOptions({ onSuccess }));
  return (
    <>
      <h1 className="admin__title">Customer feedback</h1>
      <p>Feedback customers agreed to publish. Approved, it joins the testimonials.</p>
      <ErrorSummary error={pending.error ?? approve.error ?? reject.error} />
      {pending.isPending ? (
        <Spinner label="Loading the feedback…" />
      ) : pending.data?.data.length === 0 ? (
        <p>Nothing is waiting.</p>
      ) : (
        <ul className="admin-feedback">
          {pending.data?.data.map((item) => (
            <li key={item.id} className="admin-section">
              <h2>
                {item.name || 'A customer'}, {item.vehicle} ({item.reference})
              </h2>
              <StarRating value={item.score} readOnly label="Score" />
              <p>{item.feedback}</p>
              <p>Received {formatDateTime(item.received_at, dates)}</p>
              <div className="admin-form__actions">
                <Button
                  loading={approve.isPending}
                  onClick={() => approve.mutate({ id: item.id })}
                  aria-label={`Approve the feedback of ${item.name || 'a customer'}`}
                >
                  Approve
                </Button>
                <Button variant="secondary" loading={reject.isPending} onClick={() => reject.mutate({ id: item.id })}>
                  Keep private
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pending.data?.next_cursor ? (
        <p>
          These are the oldest {pending.data.data.length}; more feedback is waiting and appears here as you approve or keep these private.
        </p>
      ) : null}
    </>
  );
}
