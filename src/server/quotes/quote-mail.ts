/**
 * The quote e-mails to the customer as they are sent (mail/outgoing-mail.ts calls this when the
 * mail goes): the shop's answer with its price, and a status change the customer should know of.
 * A request deleted, anonymised (its account deleted) or moved to another address cancels its mail.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { quoteReplyMessage, quoteStatusChangedMessage, type MailShop } from '#server/mail/messages.ts';
import * as requests from './quote-requests.repository.ts';
import * as replies from './quote-replies.repository.ts';

export async function renderQuoteMail(
  deps: Pick<AppDeps, 'db' | 'config'>,
  kind: 'quote-reply' | 'quote-status-changed',
  recipient: string,
  params: Record<string, unknown>,
  shop: MailShop,
): Promise<MailMessage | { cancel: string }> {
  const reply = kind === 'quote-reply' ? await replies.findQuoteReply(deps.db, Number(params.replyId)) : undefined;
  if (kind === 'quote-reply' && !reply) return { cancel: 'The quote request no longer exists.' };
  const request = await requests.findQuoteRequest(deps.db, reply ? reply.quote_request_id : Number(params.quoteRequestId));
  if (!request || request.email === '') return { cancel: 'The quote request no longer exists.' };
  if (request.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The request has another address now.' };
  const hasAccount = request.user_id !== null;
  const url = hasAccount ? `${deps.config.appUrl}/account/quotes` : `${deps.config.appUrl}/`;
  const facts = { to: recipient, name: request.name, reference: request.reference, url, hasAccount, shop };
  if (reply) {
    return quoteReplyMessage({ ...facts, vehicle: request.vehicle, pricePence: reply.price_pence, message: reply.message });
  }
  return quoteStatusChangedMessage({ ...facts, status: params.status === 'booked' ? 'booked' : 'quoted' });
}
