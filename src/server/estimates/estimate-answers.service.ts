/**
 * The customer's side of an estimate, by its private link (estimate-links.ts): the latest sent
 * version with what changed from the one before, accepting it (typed name, optional drawn
 * signature, whether to start within the 14-day cancellation period; the time and the version's
 * hash are kept) and declining it (an optional reason). Either answer tells the shop (notifyShop,
 * its events 'estimate-accepted' and 'estimate-declined') and is in the activity log, in the
 * answer's transaction. A link opens its own estimate only; an unknown or revoked one is a 404.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/activity/actor.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { notifyShop } from '#server/notifications/notifications.service.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { formatAmount } from '#shared/money/estimate-totals.ts';
import { screenPath } from '#shared/screen-paths.ts';
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
import { presentLines, presentVersion } from './estimate-presenter.ts';
import { versionChanges } from './estimate-changes.ts';
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

export async function acceptEstimate(deps: Deps, input: EstimateAcceptInput, actor: Actor, now = new Date()): Promise<CustomerEstimate> {
  await throttle(deps.rateLimiter, answerLimit(actor.ip));
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
    const gross = presentLines(await linesRepo.listLinesOfVersions(trx, [version.id]), version.vat_number).totals.gross_pence;
    await tellShop(deps, trx, actor, estimate.quote_request_id, 'estimate-accepted', version.number, [
      `${input.name} accepted version ${version.number} (${formatAmount(gross)}).`,
      input.start_within_cancellation
        ? 'They asked us to start within the 14-day cancellation period.'
        : 'They did not ask us to start within the 14-day cancellation period.',
    ]);
    return estimate.id;
  });
  return getCustomerEstimateById(deps, estimateId, now);
}

export async function declineEstimate(deps: Deps, input: EstimateDeclineInput, actor: Actor, now = new Date()): Promise<CustomerEstimate> {
  await throttle(deps.rateLimiter, answerLimit(actor.ip));
  const estimateId = await deps.db.transaction().execute(async (trx) => {
    const estimate = await estimateOfToken(trx, input.token, true);
    const version = await openVersion(trx, estimate.id, input.version_hash, now);
    await versionsRepo.updateVersion(trx, version.id, { status: 'declined', answered_at: now, decline_reason: input.reason });
    await estimatesRepo.updateEstimate(trx, estimate.id, { status: 'declined' });
    await tellShop(deps, trx, actor, estimate.quote_request_id, 'estimate-declined', version.number, [
      `The customer declined version ${version.number}.`,
      `Reason: ${input.reason ?? 'not given'}`,
    ]);
    return estimate.id;
  });
  return getCustomerEstimateById(deps, estimateId, now);
}

async function getCustomerEstimateById(deps: Pick<Deps, 'db' | 'publicContent'>, estimateId: number, now: Date) {
  const view = await customerView(deps.db, estimateId, now);
  return { ...view, shop_name: (await readShop(deps)).name };
}

/** The answer in the activity log and to the shop (its notification settings say who, if anyone, is mailed). */
async function tellShop(
  deps: Deps,
  trx: Kysely<Database>,
  actor: Actor,
  quoteRequestId: number,
  kind: 'estimate-accepted' | 'estimate-declined',
  number: number,
  summary: string[],
): Promise<void> {
  const request = await quoteRequests.findQuoteRequest(trx, quoteRequestId);
  if (!request) throw AppError.notFound();
  await recordActivity(trx, {
    actor: actor.userId === null ? { ...actor, label: `Customer (${request.name})` } : actor,
    kind,
    item: { type: 'quote', id: request.id, label: request.reference },
    details: `version ${number}`,
  });
  await notifyShop(deps, trx, {
    kind,
    reference: request.reference,
    summary: summary.join(' '),
    path: screenPath('adminQuote', { id: request.id }),
  });
}
