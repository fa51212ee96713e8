/**
 * The customer's side of an estimate, by its private link (estimate-links.ts): the latest sent
 * version with what changed from the one before, accepting it (typed name, optional drawn
 * signature, whether to start within the 14-day cancellation period; the time and the version's
 * hash are kept) and declining it (an optional reason). Either answer is mailed to the shop. A
 * link opens its own estimate only; an unknown or revoked one is a 404.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import {
  ESTIMATE_MESSAGES,
  type CustomerEstimate,
  type EstimateAcceptInput,
  type EstimateDeclineInput,
  type MyEstimates,
  MY_ESTIMATES_LIMIT,
} from '#shared/schemas/estimates.ts';
import * as quoteRequests from '#server/quotes/quote-requests.repository.ts';
import * as settingsRepo from './estimate-settings.repository.ts';
import * as estimatesRepo from './estimates.repository.ts';
import * as versionsRepo from './estimate-versions.repository.ts';
import * as linesRepo from './estimate-lines.repository.ts';
import { currentEstimateToken, estimateTokenHash } from './estimate-links.ts';
import { ESTIMATE_PATH } from './estimate-mail.ts';
import { presentVersion, versionChanges } from './estimate-presenter.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent' | 'rateLimiter'>;

/** Answers from one address: a few a minute is plenty for a person, and stops guessing at tokens. */
const answerLimit = (ip: string | null) => ({ key: `estimate-answer:${ip ?? ''}`, limit: 10, windowSeconds: 60 });

async function estimateOfToken(db: Kysely<Database>, token: string, lock = false) {
  const estimate = await estimatesRepo.findEstimateByTokenHash(db, estimateTokenHash(token), { lock });
  if (!estimate) throw AppError.notFound();
  return estimate;
}

/** The estimate as the link shows it: the latest sent version (never the draft) and the changes from the one before. */
async function customerView(db: Kysely<Database>, estimateId: number, now: Date): Promise<CustomerEstimate> {
  const estimate = await estimatesRepo.findEstimate(db, estimateId);
  if (!estimate) throw AppError.notFound();
  const [request, settings, versions] = await Promise.all([
    quoteRequests.findQuoteRequest(db, estimate.quote_request_id),
    settingsRepo.findEstimateSettings(db),
    versionsRepo.listVersionsOfEstimate(db, estimate.id),
  ]);
  const sent = versions.filter((v) => v.status !== 'draft');
  const current = sent.at(-1);
  if (!request || !current) throw AppError.notFound();
  const previous = sent.at(-2);
  const lines = await linesRepo.listLinesOfVersions(
    db,
    [current.id, previous?.id].filter((v): v is number => v !== undefined),
  );
  const present = (v: versionsRepo.EstimateVersionRow) =>
    presentVersion(
      v,
      lines.filter((l) => l.version_id === v.id),
      settings,
    );
  const version = present(current);
  return {
    reference: request.reference,
    vehicle: request.vehicle,
    name: request.name,
    shop_name: '',
    status: current.status,
    can_answer: current.status === 'sent' && (!current.valid_until || current.valid_until.getTime() > now.getTime()),
    version,
    changes: previous ? versionChanges(present(previous), version) : null,
  };
}

/** The signed-in customer's estimates (their own quote requests only), with the link each mail sent. */
export async function listMyEstimates(deps: Pick<Deps, 'db' | 'config'>, userId: number): Promise<MyEstimates> {
  const rows = await estimatesRepo.listEstimatesOfUser(deps.db, userId, MY_ESTIMATES_LIMIT);
  return {
    data: rows.flatMap((row) => {
      const token = currentEstimateToken(deps.config.appKeys, row);
      return token
        ? [
            {
              reference: row.reference,
              vehicle: row.vehicle,
              status: row.status,
              updated_at: new Date(row.updated_at).toISOString(),
              path: `${ESTIMATE_PATH}/${token}`,
            },
          ]
        : [];
    }),
  };
}

/** The estimate a page link opens, or undefined (the page answers 404). */
export async function findCustomerEstimate(deps: Pick<Deps, 'db' | 'publicContent'>, token: string): Promise<CustomerEstimate | undefined> {
  try {
    return await getCustomerEstimate(deps, token);
  } catch (error) {
    if (error instanceof AppError && error.httpStatus === 404) return undefined;
    throw error;
  }
}

export async function getCustomerEstimate(
  deps: Pick<Deps, 'db' | 'publicContent'>,
  token: string,
  now = new Date(),
): Promise<CustomerEstimate> {
  const estimate = await estimateOfToken(deps.db, token);
  const view = await customerView(deps.db, estimate.id, now);
  const shop = await readShop(deps);
  return { ...view, shop_name: shop.name };
}

/** The version being answered: the latest sent one, still open, and the one the customer read (its hash). */
async function openVersion(db: Kysely<Database>, estimateId: number, versionHash: string, now: Date) {
  const versions = await versionsRepo.listVersionsOfEstimate(db, estimateId);
  const current = versions.filter((v) => v.status !== 'draft').at(-1);
  if (!current) throw AppError.notFound();
  if (current.content_hash !== versionHash) throw AppError.field('version_hash', ESTIMATE_MESSAGES.changed);
  if (current.status !== 'sent') throw AppError.field('version_hash', ESTIMATE_MESSAGES.notOpen);
  if (current.valid_until && current.valid_until.getTime() <= now.getTime())
    throw AppError.field('version_hash', ESTIMATE_MESSAGES.expired);
  return current;
}

export async function acceptEstimate(
  deps: Deps,
  input: EstimateAcceptInput,
  ip: string | null,
  now = new Date(),
): Promise<CustomerEstimate> {
  await throttle(deps.rateLimiter, answerLimit(ip));
  const estimateId = await deps.db.transaction().execute(async (trx) => {
    const estimate = await estimateOfToken(trx, input.token, true);
    const version = await openVersion(trx, estimate.id, input.version_hash, now);
    await versionsRepo.updateVersion(trx, version.id, {
      status: 'accepted',
      answered_at: now,
      accepted_name: input.name,
      accepted_signature: input.signature,
      start_within_cancellation: input.start_within_cancellation,
    });
    await estimatesRepo.updateEstimate(trx, estimate.id, { status: 'accepted' });
    await queueShopAnswerMail(deps, trx, version.id);
    return estimate.id;
  });
  return getCustomerEstimateById(deps, estimateId, now);
}

export async function declineEstimate(
  deps: Deps,
  input: EstimateDeclineInput,
  ip: string | null,
  now = new Date(),
): Promise<CustomerEstimate> {
  await throttle(deps.rateLimiter, answerLimit(ip));
  const estimateId = await deps.db.transaction().execute(async (trx) => {
    const estimate = await estimateOfToken(trx, input.token, true);
    const version = await openVersion(trx, estimate.id, input.version_hash, now);
    await versionsRepo.updateVersion(trx, version.id, { status: 'declined', answered_at: now, decline_reason: input.reason });
    await estimatesRepo.updateEstimate(trx, estimate.id, { status: 'declined' });
    await queueShopAnswerMail(deps, trx, version.id);
    return estimate.id;
  });
  return getCustomerEstimateById(deps, estimateId, now);
}

async function getCustomerEstimateById(deps: Pick<Deps, 'db' | 'publicContent'>, estimateId: number, now: Date) {
  const view = await customerView(deps.db, estimateId, now);
  return { ...view, shop_name: (await readShop(deps)).name };
}

/** The shop's inbox hears of the answer (the address in its details, as with quote requests). */
async function queueShopAnswerMail(deps: Deps, trx: Kysely<Database>, versionId: number): Promise<void> {
  const shop = await readShop(deps);
  if (shop.email) await queueMail(deps, trx, { kind: 'estimate-answered', to: shop.email, params: { versionId } });
}
