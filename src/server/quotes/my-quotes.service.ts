/**
 * A customer's own quote requests (/account/quotes, GET /api/user/quote-requests) and their part of
 * the data export: never the shop's notes, and someone else's request is a 404 like one that does
 * not exist.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import type { ExportedQuote, MyQuote, MyQuotes } from '#shared/schemas/quotes.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import { ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT, type AccountPageInput } from '#shared/schemas/paging.ts';
import * as requests from './quote-requests.repository.ts';
import * as replies from './quote-replies.repository.ts';
import { presentReply } from './quote-triage.service.ts';

type Deps = Pick<AppDeps, 'db'>;

const iso = (value: Date) => value.toISOString();

type Row = requests.QuoteRequestRow & { photo_count: number };

/** The customer's rows with the shop's answers to them (one query for all). */
async function withReplies(deps: Pick<Deps, 'db'>, rows: Row[]): Promise<MyQuote[]> {
  const all = await replies.listRepliesOfRequests(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentMine(
      row,
      all.filter((r) => r.quote_request_id === row.id),
    ),
  );
}

function presentMine(row: Row, replyRows: replies.QuoteReplyRow[]): MyQuote {
  return {
    id: row.id,
    reference: row.reference,
    vehicle: row.vehicle,
    registration: row.registration,
    description: row.description,
    status: row.status,
    photo_count: row.photo_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    replies: replyRows.map(presentReply),
  };
}

/** One page of the customer's requests, newest first (keyset; the server caps the page at ACCOUNT_LIST_MAX_LIMIT). */
export async function listMyQuoteRequests(deps: Pick<Deps, 'db'>, userId: number, page: AccountPageInput = {}): Promise<MyQuotes> {
  const limit = Math.min(page.limit ?? ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT);
  const rows = await requests.findQuoteRequestPageOfUser(deps.db, userId, limit + 1, page.cursor ? decodeCursor(page.cursor) : undefined);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: await withReplies(
      deps,
      shown.map(({ key_micros: _key, ...row }) => row),
    ),
    next_cursor: rows.length > limit && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}

/** The customer's requests for their data export (account/data-export.service.ts): with the contact details they gave, without the shop's notes. */
export async function exportMyQuoteRequests(deps: Pick<Deps, 'db'>, userId: number): Promise<ExportedQuote[]> {
  const rows = await requests.findQuoteRequestsOfUser(deps.db, userId);
  const mine = await withReplies(deps, rows);
  return rows.map((row, index) => ({
    ...mine[index]!,
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    preferred_contact: row.preferred_contact,
  }));
}

/** One of the customer's own; someone else's is a 404, exactly like one that does not exist. */
export async function getMyQuoteRequest(deps: Pick<Deps, 'db'>, userId: number, id: number): Promise<MyQuote> {
  const mine = (await requests.findQuoteRequestsOfUser(deps.db, userId)).find((r) => r.id === id);
  if (!mine) throw AppError.notFound();
  const [presented] = await withReplies(deps, [mine]);
  return presented!;
}
