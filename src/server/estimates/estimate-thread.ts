/**
 * Sending an estimate (or a supplement) writes a shop message in the matter's thread, so the
 * customer reads it beside the rest of the conversation (the tracker, the account) and the shop
 * sees it on the quote. The message holds no private link: the token is never stored in clear
 * (docs/decisions/estimate-links-minted-when-shown.md); the tracker's and the account's "Your
 * estimate" links are minted when they are shown.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { matterOf, postMessageIn } from '#server/threads/threads.service.ts';
import type { EstimateLine } from '#shared/schemas/estimates.ts';
import { versionChanges } from './estimate-changes.ts';
import { estimateThreadText } from './estimate-messages.ts';

interface PricedLines {
  number: number;
  lines: EstimateLine[];
  totals: { gross_pence: number };
}

export async function postEstimateInThread(
  trx: Kysely<Database>,
  sent: {
    quoteRequestId: number;
    reference: string;
    staffUserId: number;
    current: PricedLines & { vatRegistered: boolean };
    previous: PricedLines | undefined;
    now: Date;
  },
): Promise<void> {
  const body = estimateThreadText({
    reference: sent.reference,
    number: sent.current.number,
    grossPence: sent.current.totals.gross_pence,
    vatRegistered: sent.current.vatRegistered,
    changes: sent.previous ? versionChanges(sent.previous, sent.current) : null,
  });
  await postMessageIn(
    trx,
    matterOf({ quoteRequestId: sent.quoteRequestId }),
    { side: 'shop', staffUserId: sent.staffUserId, body },
    sent.now,
  );
}
