/**
 * The estimate e-mails as they are sent (mail/mail-kinds.ts lists them): a sent version to the
 * customer with the private link (made when the mail goes, so no token waits in the queue), and
 * the customer's answer to the shop. A version or request gone, or moved to another address,
 * cancels the mail.
 */
import { z } from 'zod';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import { formatDate } from '#shared/format/dates.ts';
import * as quoteRequests from '#server/quotes/quote-requests.repository.ts';
import * as estimatesRepo from './estimates.repository.ts';
import * as versionsRepo from './estimate-versions.repository.ts';
import * as linesRepo from './estimate-lines.repository.ts';
import { currentEstimateToken } from './estimate-links.ts';
import { presentLines } from './estimate-presenter.ts';
import { estimateAnsweredMessage, estimateSentMessage } from './estimate-messages.ts';

const GONE = 'The estimate no longer exists.';

export const ESTIMATE_PATH = '/estimate';

export const estimateSentMail = defineMailKind({
  kind: 'estimate-sent',
  label: 'Your estimate',
  params: z.object({ versionId: z.number().int() }),
  async render(deps, { recipient, params }, shop) {
    const version = await versionsRepo.findVersion(deps.db, params.versionId);
    const estimate = version && (await estimatesRepo.findEstimate(deps.db, version.estimate_id));
    const request = estimate && (await quoteRequests.findQuoteRequest(deps.db, estimate.quote_request_id));
    if (!version || !estimate || !request || request.email === '' || !version.valid_until) return { cancel: GONE };
    if (request.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The request has another address now.' };
    const token = currentEstimateToken(deps.config.appKeys, estimate);
    if (!token) return { cancel: 'The estimate link was revoked.' };
    const { totals } = presentLines(await linesRepo.listLinesOfVersions(deps.db, [version.id]), version.vat_number);
    return estimateSentMessage({
      to: recipient,
      name: request.name,
      reference: request.reference,
      vehicle: request.vehicle,
      number: version.number,
      grossPence: totals.gross_pence,
      validUntil: formatDate(version.valid_until, { timeZone: shop.timeZone }),
      url: `${deps.config.appUrl}${ESTIMATE_PATH}/${token}`,
      shop,
    });
  },
});

export const estimateAnsweredMail = defineMailKind({
  kind: 'estimate-answered',
  label: 'An estimate was answered',
  params: z.object({ versionId: z.number().int() }),
  async render(deps, { recipient, params }, shop) {
    const version = await versionsRepo.findVersion(deps.db, params.versionId);
    const estimate = version && (await estimatesRepo.findEstimate(deps.db, version.estimate_id));
    const request = estimate && (await quoteRequests.findQuoteRequest(deps.db, estimate.quote_request_id));
    if (!version || !estimate || !request) return { cancel: GONE };
    return estimateAnsweredMessage({
      to: recipient,
      reference: request.reference,
      number: version.number,
      accepted: version.accepted_name !== null,
      name: version.accepted_name ?? '',
      startWithinCancellation: version.start_within_cancellation,
      reason: version.decline_reason,
      url: `${deps.config.appUrl}/admin/quotes/${request.id}`,
      shop,
    });
  },
});

export const estimateMailKinds = [estimateSentMail, estimateAnsweredMail] as const;
