/**
 * /review/{token}: the page the review request links to (rendered by the server for each request:
 * reviews/review-page.route.ts). The same for every customer: the car and the work, the shop's
 * review link, and beside it (never instead of it) a private feedback form with a star score and
 * a consent box. A used link thanks the customer and still offers the review link; a made-up one
 * is the 404 page.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { CheckboxField, TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import type { ReviewPage as ReviewPageData } from '#shared/schemas/reviews.ts';
import { FEEDBACK_MAX } from '#shared/limits.ts';
import './review.css';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function ReviewPage({ token }: { token: string }) {
  const page = useQuery({ ...trpc.reviews.page.queryOptions({ token }), retry: false });
  return (
    <>
      <PageHeader title="How did we do?" />
      <section className="section container review">
        {page.isError && <Alert tone="error">{messageOf(page.error)}</Alert>}
        {page.isPending && <Spinner label="Loading…" />}
        {page.data && <ReviewView token={token} page={page.data} />}
      </section>
    </>
  );
}

function ReviewView({ token, page }: { token: string; page: ReviewPageData }) {
  return (
    <>
      <p className="review__intro">
        Thank you for trusting {page.shop_name} with your <strong>{page.vehicle}</strong>
        {page.registration ? ` (${page.registration})` : ''}. The work we did: {page.agreed_work}
      </p>
      <div className="review__choices">
        {page.review_link && (
          <div className="review__public">
            <h2>Leave a public review</h2>
            <p>Your review helps other drivers find a body shop they can trust.</p>
            <a className="btn btn--primary" href={page.review_link} rel="noopener" target="_blank">
              Write a review<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        )}
        {page.used ? (
          <div className="review__private">
            <Alert tone="success">Thank you, we have your review</Alert>
          </div>
        ) : (
          <FeedbackForm token={token} />
        )}
      </div>
    </>
  );
}

function FeedbackForm({ token }: { token: string }) {
  const [score, setScore] = useState(0);
  const [feedback, setFeedback] = useState('');
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const send = useMutation(trpc.reviews.feedback.mutationOptions());
  const errors = fieldErrorsOf(send.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate({ token, score, feedback, name, consent });
  }
  return (
    <div className="review__private">
      <h2>Tell us privately</h2>
      {send.isSuccess ? (
        <>
          <ResultInView tone="success">Thank you: your feedback is with the workshop.</ResultInView>
          {/* What was sent stays in view under the thanks. */}
          <p className="review__sent">
            Your score: {score} out of 5{feedback.trim() ? `. You wrote: “${feedback.trim()}”` : ''}
          </p>
        </>
      ) : (
        <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={submit} noValidate>
          {send.isError && (
            <ResultInView tone="error" trigger={send.error}>
              {Object.keys(errors).length
                ? 'Some of your answers need another look: please check the fields marked below.'
                : messageOf(send.error)}
            </ResultInView>
          )}
          <StarRating value={score} onChange={setScore} label="Your score" />
          {firstError(errors, 'score') && <p className="field__error">{firstError(errors, 'score')}</p>}
          <TextAreaField
            label="Anything you would like to tell us"
            name="feedback"
            value={feedback}
            onChange={setFeedback}
            maxLength={FEEDBACK_MAX}
            rows={4}
            error={firstError(errors, 'feedback')}
          />
          <TextField label="Your name, as we may show it" name="name" value={name} onChange={setName} error={firstError(errors, 'name')} />
          <CheckboxField
            label="You may show my words, score and name on your website"
            name="consent"
            checked={consent}
            onChange={setConsent}
            error={firstError(errors, 'consent')}
          />
          <Button type="submit" loading={send.isPending}>
            Send my feedback
          </Button>
        </form>
      )}
    </div>
  );
}
