/**
 * The quote e-mails as they are sent (mail/mail-kinds.ts lists them): the request to the shop,
 * its confirmation to the customer, the shop's answer with its price, and a status change the
 * customer should know of. A request deleted, anonymised (its account deleted) or moved to another
 * address cancels a mail about it. The confirmation to an address nobody has proved repeats only
 * the first name (mail/visitor-text.ts).
 */
import { z } from 'zod';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import { echoedFirstName } from '#server/mail/visitor-text.ts';
import * as requests from './quote-requests.repository.ts';
import * as replies from './quote-replies.repository.ts';
import {
  quoteReplyMessage,
  quoteRequestConfirmationMessage,
  quoteRequestShopMessage,
  quoteStatusChangedMessage,
} from './quote-messages.ts';

export const quoteRequestShopMail = defineMailKind({
  kind: 'quote-request-shop',
  label: 'New quote request',
  params: z.object({
    url: z.string(),
    request: z.object({
      reference: z.string(),
      name: z.string(),
      email: z.string(),
      telephone: z.string().nullable(),
      vehicle: z.string(),
      registration: z.string().nullable(),
      description: z.string(),
      preferredContact: z.enum(['email', 'phone']),
      photoCount: z.number().int(),
    }),
  }),
  async render(_deps, { recipient, params }, shop) {
    return quoteRequestShopMessage({ shop, to: recipient, url: params.url, request: params.request });
  },
});

export const quoteRequestConfirmationMail = defineMailKind({
  kind: 'quote-request-confirmation',
  label: 'We received your quote request',
  params: z.object({
    name: z.string(),
    reference: z.string(),
    url: z.string(),
    /** The request came from a signed-in account whose verified address this is. */
    addressProven: z.boolean().default(false),
  }),
  async render(_deps, { recipient, params }, shop) {
    const name = params.addressProven ? params.name : echoedFirstName(params.name);
    return quoteRequestConfirmationMessage({ shop, to: recipient, name, reference: params.reference, url: params.url });
  },
});

export const quoteReplyMail = defineMailKind({
  kind: 'quote-reply',
  label: 'Your quote',
  params: z.object({ replyId: z.number().int() }),
  async render(deps, { recipient, params }, shop) {
    const reply = await replies.findQuoteReply(deps.db, params.replyId);
    if (!reply) return { cancel: 'The quote request no longer exists.' };
    const request = await requests.findQuoteRequest(deps.db, reply.quote_request_id);
    if (!request || request.email === '') return { cancel: 'The quote request no longer exists.' };
    if (request.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The request has another address now.' };
    const hasAccount = request.user_id !== null;
    const url = hasAccount ? `${deps.config.appUrl}/account/quotes` : `${deps.config.appUrl}/`;
    return quoteReplyMessage({
      to: recipient,
      name: request.name,
      reference: request.reference,
      url,
      hasAccount,
      shop,
      vehicle: request.vehicle,
      pricePence: reply.price_pence,
      message: reply.message,
    });
  },
});

export const quoteStatusChangedMail = defineMailKind({
  kind: 'quote-status-changed',
  label: 'An update on your quote request',
  params: z.object({ quoteRequestId: z.number().int(), status: z.enum(['quoted', 'booked']) }),
  async render(deps, { recipient, params }, shop) {
    const request = await requests.findQuoteRequest(deps.db, params.quoteRequestId);
    if (!request || request.email === '') return { cancel: 'The quote request no longer exists.' };
    if (request.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The request has another address now.' };
    const hasAccount = request.user_id !== null;
    const url = hasAccount ? `${deps.config.appUrl}/account/quotes` : `${deps.config.appUrl}/`;
    return quoteStatusChangedMessage({
      to: recipient,
      name: request.name,
      reference: request.reference,
      url,
      hasAccount,
      shop,
      status: params.status,
    });
  },
});

export const quoteMailKinds = [quoteRequestShopMail, quoteRequestConfirmationMail, quoteReplyMail, quoteStatusChangedMail] as const;
