/**
 * A customer's own quote requests (/account/quotes, GET /api/user/quote-requests) and their part of
 * the data export: never the shop's notes, and someone else's request is a 404 like one that does
 * not exist.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import type { ExportedQuote, MyQuote, MyQuotes } from '#shared/schemas/quotes.ts';
import * as requests from './quote-requests.repository.ts';

type Deps = Pick<AppDeps, 'db'>;

const iso = (value: Date) => value.toISOString();

function presentMine(row: requests.QuoteRequestRow & { photo_count: number }): MyQuote {
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
  };
}

export async function listMyQuoteRequests(deps: Pick<Deps, 'db'>, userId: number): Promise<MyQuotes> {
  return { data: (await requests.findQuoteRequestsOfUser(deps.db, userId)).map(presentMine) };
}

/** The customer's requests for their data export (account/data-export.service.ts): with the contact details they gave, without the shop's notes. */
export async function exportMyQuoteRequests(deps: Pick<Deps, 'db'>, userId: number): Promise<ExportedQuote[]> {
  return (await requests.findQuoteRequestsOfUser(deps.db, userId)).map((row) => ({
    ...presentMine(row),
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
  return presentMine(mine);
}
