/**
 * The quote e-mails as they are sent (mail/mail-kinds.ts lists them): the request to the shop,
 * its confirmation to the customer, the shop's answer with its price, and a status change the
 * customer should know of. A request deleted, anonymised (its account deleted) or moved to another
 * address cancels a mail about it. The confirmation to an address nobody has proved repeats only
 * the first name (mail/visitor-text.ts).
 */
import { screenPathWithQuery } from '#shared/screen-paths.ts';
import { z } from 'zod';
import { defineMailKind, type MailRenderDeps } from '#server/mail/mail-kind.ts';
import { echoedFirstName } from '#server/mail/visitor-text.ts';
import * as requests from './quote-requests.repository.ts';
import * as replies from './quote-replies.repository.ts';
import {
  quoteReplyMessage,
  quoteRequestConfirmationMessage,
  quoteRequestShopMessage,
  quoteStatusChangedMessage,
} from './quote-messages.ts';

const GONE = 'The quote request no longer exists.';

/**
 * The request a mail after the shop's answer is about, when it is still there and still at the
 * address the mail was queued for (deleted or anonymised: no address; changed: another one), with
 * where the mail points: the account's quotes, or the home page for a request without an account.
 */
async function requestStillFor(
  deps: MailRenderDeps,
  quoteRequestId: number,
  recipient: string,
): Promise<{ request: requests.QuoteRequestRow; about: RequestMailFields } | { cancel: string }> {
  const request = await requests.findQuoteRequest(deps.db, quoteRequestId);
  if (!request || request.email === '') return { cancel: GONE };
  if (request.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The request has another address now.' };
  const hasAccount = request.user_id !== null;
  const url = hasAccount ? `${deps.config.appUrl}/account/quotes` : `${deps.config.appUrl}/`;
  return { request, about: { to: recipient, name: request.name, reference: request.reference, url, hasAccount } };
}

/** What every mail about a request says of it: to whom, the name, the reference and where to read it. */
interface RequestMailFields {
  to: string;
  name: string;
  reference: string;
  url: string;
  hasAccount: boolean;
}

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
    if (!reply) return { cancel: GONE };
    const found = await requestStillFor(deps, reply.quote_request_id, recipient);
    if ('cancel' in found) return found;
    const { request, about } = found;
    return quoteReplyMessage({
      ...about,
      shop,
      vehicle: request.vehicle,
      pricePence: reply.price_pence,
      message: reply.message,
      bookUrl: deps.config.appUrl + screenPathWithQuery('book', { quote: request.reference }),
    });
  },
});

export const quoteStatusChangedMail = defineMailKind({
  kind: 'quote-status-changed',
  label: 'An update on your quote request',
  params: z.object({ quoteRequestId: z.number().int(), status: z.enum(['quoted', 'booked']) }),
  async render(deps, { recipient, params }, shop) {
    const found = await requestStillFor(deps, params.quoteRequestId, recipient);
    if ('cancel' in found) return found;
    return quoteStatusChangedMessage({
      ...found.about,
      shop,
      status: params.status,
    });
  },
});

export const quoteMailKinds = [quoteRequestShopMail, quoteRequestConfirmationMail, quoteReplyMail, quoteStatusChangedMail] as const;
