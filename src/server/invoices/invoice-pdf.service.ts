/**
 * Which document a PDF shows and to whom: the shop's by id (the `invoices` permission), the
 * customer's own from their account (and the job's behind its tracker link:
 * tracker-invoice.service.ts). Not theirs: a 404, as for one that does not exist.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { invoiceNumberText } from '#shared/format/invoice-number.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import { findInvoiceOrNotFound, findMyInvoice, readInvoice } from './invoice-reads.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

type Deps = Pick<AppDeps, 'db' | 'publicContent'>;

export interface InvoicePdf {
  filename: string;
  bytes: Buffer;
}

export async function invoicePdfOf(deps: Pick<Deps, 'db' | 'publicContent'>, row: InvoiceRow): Promise<InvoicePdf> {
  const [invoice, shop] = await Promise.all([readInvoice(deps.db, row), readShop(deps)]);
  const bytes = await renderInvoicePdf({ invoice, timeZone: shop.timeZone });
  const kind = row.series === 'CN' ? 'credit-note' : 'invoice';
  return { filename: `${kind}-${invoiceNumberText(row.series, row.number)}.pdf`, bytes };
}

export async function shopInvoicePdf(deps: Pick<Deps, 'db' | 'publicContent'>, id: number): Promise<InvoicePdf> {
  return invoicePdfOf(deps, await findInvoiceOrNotFound(deps.db, id));
}

export async function myInvoicePdf(
  deps: Pick<Deps, 'db' | 'publicContent'>,
  user: Pick<SessionUser, 'id' | 'email' | 'email_verified_at'>,
  id: number,
): Promise<InvoicePdf> {
  return invoicePdfOf(deps, await findMyInvoice(deps.db, user, id));
}
