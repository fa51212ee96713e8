/**
 * The estimate e-mail as it is sent (mail/mail-kinds.ts lists it): a sent version to the customer
 * with the private link (made when the mail goes, so no token waits in the queue) and, for a
 * supplement, what changed. A version or request gone, or moved to another address, cancels the
 * mail. The customer's answer reaches the shop as a notification (notifications/).
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
import { versionChanges } from './estimate-changes.ts';
import { estimateSentMessage } from './estimate-messages.ts';

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
    // A supplement shows what changed from the version sent before it.
    const previous = (await versionsRepo.listVersionsOfEstimate(deps.db, estimate.id))
      .filter((v) => v.status !== 'draft' && v.number < version.number)
      .at(-1);
    const lines = await linesRepo.listLinesOfVersions(
      deps.db,
      [version.id, previous?.id].filter((v): v is number => v !== undefined),
    );
    const priced = (v: versionsRepo.EstimateVersionRow) => ({
      number: v.number,
      ...presentLines(
        lines.filter((l) => l.version_id === v.id),
        v.vat_number,
      ),
    });
    const current = priced(version);
    return estimateSentMessage({
      to: recipient,
      name: request.name,
      reference: request.reference,
      vehicle: request.vehicle,
      number: version.number,
      grossPence: current.totals.gross_pence,
      vatRegistered: version.vat_number !== '',
      changes: previous ? versionChanges(priced(previous), current) : null,
      validUntil: formatDate(version.valid_until, { timeZone: shop.timeZone }),
      url: `${deps.config.appUrl}${ESTIMATE_PATH}/${token}`,
      shop,
    });
  },
});

export const estimateMailKinds = [estimateSentMail] as const;
