/**
 * The estimate page's path for other areas' pages (the repair tracker's "Your estimate"): the
 * private link minted now from the estimate's salt (estimate-links.ts), never a stored token. Only
 * an estimate sent at least once has one; a revoked link (another key) has none.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { screenPath } from '#shared/screen-paths.ts';
import * as estimatesRepo from './estimates.repository.ts';
import { currentEstimateToken } from './estimate-links.ts';

/** The estimate page of each quote request that has a sent estimate, by quote request id (one statement). */
export async function estimatePathsOfQuotes(
  db: Kysely<Database>,
  appKeys: readonly Buffer[],
  quoteRequestIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await estimatesRepo.listLinkedEstimatesOfQuotes(db, [...new Set(quoteRequestIds)]);
  const paths = new Map<number, string>();
  for (const row of rows) {
    const token = currentEstimateToken(appKeys, row);
    if (token) paths.set(row.quote_request_id, screenPath('customerEstimate', { token }));
  }
  return paths;
}
