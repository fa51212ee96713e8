/**
 * The answer to a quote request on its detail screen: a price (typed in pounds, kept in pence) and
 * a message, "Send to the customer" stores them and e-mails the customer, who also sees them in
 * /account/quotes. The answers already sent are listed above the form, oldest first.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { formatPence } from '#shared/format/money.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { ADMIN_BANNER_MS, QUOTE_REPLY_MESSAGE_MAX } from '#shared/limits.ts';
import type { QuoteDetail } from '#shared/schemas/quotes.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function QuoteReplyForm({ quote }: { quote: QuoteDetail }) {
  const dates = useDateFormat();
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState('');
  const [sent, flashSent] = useFlash(ADMIN_BANNER_MS);
  const reply = useMutation(
    trpc.quotes.admin.reply.mutationOptions({
      onSuccess: async (answer) => {
        setPrice('');
        setMessage('');
        flashSent(`Sent to ${answer.email}.`);
        queryClient.setQueryData(trpc.quotes.admin.get.queryKey({ id: quote.id }), answer);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.quotes.admin.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.quotes.admin.counts.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.get.pathKey() }),
        ]);
      },
    }),
  );
  const errors = fieldErrorsOf(reply.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    reply.mutate({ id: quote.id, price, message });
  }

  return (
    <section className="admin-section" aria-labelledby="quote-reply-heading">
      <h2 id="quote-reply-heading">Answer the customer</h2>
      {quote.replies.length > 0 && (
        <ol className="admin-quote__replies" aria-label="Answers sent">
          {quote.replies.map((item) => (
            <li key={item.id} className="admin-quote__reply">
              <p className="admin-quote__reply-head">
                <strong>{formatPence(item.price_pence)}</strong>, sent{' '}
                <time dateTime={item.created_at}>{formatDateTime(item.created_at, dates)}</time>
              </p>
              <p className="admin-quote__reply-message">{item.message}</p>
            </li>
          ))}
        </ol>
      )}
      {quote.email ? (
        <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="admin-form" onSubmit={submit} noValidate>
          {sent && <Alert tone="success">{sent}</Alert>}
          <ErrorSummary error={reply.error} fields={['price', 'message']} />
          <TextField
            label="Price (£)"
            name="price"
            value={price}
            onChange={setPrice}
            inputMode="decimal"
            autoComplete="off"
            hint="In pounds, such as 420 or 420.50, including VAT."
            required
            error={firstError(errors, 'price')}
          />
          <TextAreaField
            label="Message to the customer"
            name="message"
            value={message}
            onChange={setMessage}
            rows={6}
            hint={`What the price covers and what happens next. Up to ${QUOTE_REPLY_MESSAGE_MAX.toLocaleString('en-GB')} characters; sent by e-mail and shown in their account.`}
            required
            error={firstError(errors, 'message')}
          />
          <div className="admin-form__actions">
            <Button type="submit" loading={reply.isPending}>
              Send to the customer
            </Button>
          </div>
        </form>
      ) : (
        <p>This request has no e-mail address any more (its account was deleted), so no answer can be sent.</p>
      )}
    </section>
  );
}
