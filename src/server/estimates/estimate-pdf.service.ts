/**
 * Which version the estimate PDF shows (estimate-pdf.ts renders it): for the shop, the latest
 * version sent, or the draft while none was (it says so); for the customer, what their private
 * link shows (the latest sent version). No estimate, or nothing to show: a 404.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import type { EstimateVersion } from '#shared/schemas/estimates.ts';
import { getAdminEstimate } from './estimates.service.ts';
import { getCustomerEstimate } from './estimate-answers.service.ts';
import { renderEstimatePdf } from './estimate-pdf.ts';

type Deps = Pick<AppDeps, 'db' | 'publicContent'>;

export interface EstimatePdf {
  filename: string;
  bytes: Buffer;
}

/** The version the shop sends on: the latest sent one, else the draft; undefined when there is no estimate with lines. */
export function shopVersionOf(versions: readonly EstimateVersion[]): EstimateVersion | undefined {
  const sent = versions.filter((v) => v.status !== 'draft');
  const chosen = sent.at(-1) ?? versions.at(-1);
  return chosen && chosen.lines.length > 0 ? chosen : undefined;
}

/** The shop's PDF of a quote request's estimate (the quote's or the job's page, the insurer pack). */
export async function shopEstimatePdf(deps: Deps, quoteRequestId: number): Promise<EstimatePdf> {
  const [request, estimate, shop] = await Promise.all([
    findQuoteRequest(deps.db, quoteRequestId),
    getAdminEstimate(deps, quoteRequestId),
    readShop(deps),
  ]);
  const version = shopVersionOf(estimate.estimate?.versions ?? []);
  if (!request || !version) throw AppError.notFound('This request has no estimate yet.');
  const bytes = await renderEstimatePdf({
    shop,
    reference: request.reference,
    customer_name: request.name,
    vehicle: request.vehicle,
    registration: request.registration,
    version,
  });
  return { filename: `estimate-${request.reference}.pdf`, bytes };
}

/** The customer's PDF behind their private link. */
export async function customerEstimatePdf(deps: Deps, token: string): Promise<EstimatePdf> {
  const [estimate, shop] = await Promise.all([getCustomerEstimate(deps, token), readShop(deps)]);
  const bytes = await renderEstimatePdf({
    shop,
    reference: estimate.reference,
    customer_name: estimate.name,
    vehicle: estimate.vehicle,
    registration: null,
    version: estimate.version,
  });
  return { filename: `estimate-${estimate.reference}.pdf`, bytes };
}
