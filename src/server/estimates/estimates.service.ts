/**
 * The admin's estimates (docs/rest-contract.md "Estimates"): the shop's estimate settings, a quote
 * request's estimate with every version, editing the draft, and sending it. A sent version never
 * changes: editing after sending starts a new draft (a supplement), and sending it supersedes the
 * version before, which then needs no answer; the customer must accept the new one.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { Actor } from '#server/activity/actor.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { AppError } from '#server/errors.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import type { AdminEstimate, EstimateDraftInput, EstimateSettings, EstimateSettingsInput } from '#shared/schemas/estimates.ts';
import { ESTIMATE_MESSAGES } from '#shared/schemas/estimates.ts';
import * as quoteRequests from '#server/quotes/quote-requests.repository.ts';
import * as settingsRepo from './estimate-settings.repository.ts';
import * as estimatesRepo from './estimates.repository.ts';
import * as versionsRepo from './estimate-versions.repository.ts';
import * as linesRepo from './estimate-lines.repository.ts';
import { estimateToken, estimateTokenHash, newEstimateSalt } from './estimate-links.ts';
import { presentLines, presentSettings, presentVersion, versionContentHash } from './estimate-presenter.ts';
import { postEstimateInThread } from './estimate-thread.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;
const DAY_MS = 86_400_000;

export async function getEstimateSettings(deps: Pick<Deps, 'db'>): Promise<EstimateSettings> {
  return presentSettings(await settingsRepo.findEstimateSettings(deps.db));
}

export async function updateEstimateSettings(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  input: EstimateSettingsInput,
): Promise<EstimateSettings> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await settingsRepo.findEstimateSettings(trx);
    await settingsRepo.updateEstimateSettings(trx, input);
    const changed = (['labour_rate_pence', 'vat_number', 'validity_days', 'terms'] as const).filter((k) => before[k] !== input[k]);
    await recordActivity(trx, {
      actor,
      kind: 'estimate-settings-changed',
      item: { type: 'estimate-settings', id: 1 },
      details: changed.length > 0 ? changed.join(', ').replaceAll('_', ' ') : 'nothing changed',
    });
  });
  return getEstimateSettings(deps);
}

/** A request's estimate with its versions, oldest first, and their lines (three statements for all). */
export async function getAdminEstimate(deps: Pick<Deps, 'db'>, quoteRequestId: number): Promise<AdminEstimate> {
  const request = await quoteRequests.findQuoteRequest(deps.db, quoteRequestId);
  if (!request) throw AppError.notFound();
  const [settings, estimate] = await Promise.all([
    settingsRepo.findEstimateSettings(deps.db),
    estimatesRepo.findEstimateOfQuote(deps.db, quoteRequestId),
  ]);
  if (!estimate) return { quote_request_id: request.id, reference: request.reference, settings: presentSettings(settings), estimate: null };
  const versions = await versionsRepo.listVersionsOfEstimate(deps.db, estimate.id);
  const lines = await linesRepo.listLinesOfVersions(
    deps.db,
    versions.map((v) => v.id),
  );
  return {
    quote_request_id: request.id,
    reference: request.reference,
    settings: presentSettings(settings),
    estimate: {
      id: estimate.id,
      status: estimate.status,
      versions: versions.map((v) =>
        presentVersion(
          v,
          lines.filter((l) => l.version_id === v.id),
          settings,
        ),
      ),
    },
  };
}

/** The draft's lines and note, replaced as a whole; the estimate and its draft are made on the first save. */
export async function saveEstimateDraft(deps: Pick<Deps, 'db'>, actor: Actor, input: EstimateDraftInput): Promise<AdminEstimate> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await quoteRequests.findQuoteRequest(trx, input.id, { lock: true });
    if (!request) throw AppError.notFound();
    const settings = await settingsRepo.findEstimateSettings(trx);
    const estimate =
      (await estimatesRepo.findEstimateOfQuote(trx, request.id, { lock: true })) ??
      (await estimatesRepo.insertEstimate(trx, { quote_request_id: request.id, link_salt: newEstimateSalt() }));
    const versions = await versionsRepo.listVersionsOfEstimate(trx, estimate.id);
    let draft = versions.find((v) => v.status === 'draft');
    if (draft) await versionsRepo.updateVersion(trx, draft.id, { notes: input.notes });
    else
      draft = await versionsRepo.insertEstimateVersion(trx, {
        estimate_id: estimate.id,
        number: (versions.at(-1)?.number ?? 0) + 1,
        notes: input.notes,
        labour_rate_pence: settings.labour_rate_pence,
      });
    await linesRepo.replaceLines(
      trx,
      draft.id,
      input.lines.map((l) => ({
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        unit_price_pence: l.unit_price_pence,
        vat_rate_bp: l.vat_rate_bp,
      })),
    );
    await recordActivity(trx, {
      actor,
      kind: 'estimate-draft-saved',
      item: { type: 'quote', id: request.id, label: request.reference },
      details: `version ${draft.number}, ${input.lines.length} line${input.lines.length === 1 ? '' : 's'}`,
    });
  });
  return getAdminEstimate(deps, input.id);
}

/**
 * Sends the draft: it takes today's rate, VAT number and terms, its validity and its hash, and
 * never changes again; the versions before it are superseded; the customer is mailed the link.
 */
export async function sendEstimate(
  deps: Deps,
  actor: Actor & { userId: number },
  quoteRequestId: number,
  now = new Date(),
): Promise<AdminEstimate> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await quoteRequests.findQuoteRequest(trx, quoteRequestId, { lock: true });
    if (!request) throw AppError.notFound();
    const estimate = await estimatesRepo.findEstimateOfQuote(trx, request.id, { lock: true });
    const versions = estimate ? await versionsRepo.listVersionsOfEstimate(trx, estimate.id) : [];
    const draft = versions.find((v) => v.status === 'draft');
    if (!estimate || !draft) throw AppError.field('lines', ESTIMATE_MESSAGES.noDraft);
    if (request.email === '') throw AppError.field('lines', ESTIMATE_MESSAGES.noEmail);
    const previous = versions.filter((v) => v.status !== 'draft').at(-1);
    const bothLines = await linesRepo.listLinesOfVersions(
      trx,
      [draft.id, previous?.id].filter((v): v is number => v !== undefined),
    );
    const lines = bothLines.filter((l) => l.version_id === draft.id);
    if (lines.length === 0) throw AppError.field('lines', ESTIMATE_MESSAGES.noLines);
    const settings = await settingsRepo.findEstimateSettings(trx);
    const validUntil = new Date(now.getTime() + settings.validity_days * DAY_MS);
    const frozen = {
      labour_rate_pence: settings.labour_rate_pence,
      vat_number: settings.vat_number,
      terms: settings.terms,
      valid_until: validUntil,
    };
    await versionsRepo.supersedeVersions(trx, estimate.id, ['sent', 'accepted']);
    await versionsRepo.updateVersion(trx, draft.id, {
      ...frozen,
      status: 'sent',
      sent_at: now,
      sent_by: actor.userId,
      content_hash: versionContentHash({ estimate_id: estimate.id, number: draft.number, notes: draft.notes, ...frozen, lines }),
    });
    // The link is made with the first send and stays the same for the supplements.
    const linkHash = estimate.link_token_hash ?? estimateTokenHash(estimateToken(deps.config.appKey, estimate.id, estimate.link_salt));
    await estimatesRepo.updateEstimate(trx, estimate.id, { status: 'sent', link_token_hash: linkHash });
    if (request.status === 'new' || request.status === 'contacted')
      await quoteRequests.updateQuoteRequest(trx, request.id, { status: 'quoted' });
    await queueMail(deps, trx, { kind: 'estimate-sent', to: request.email, params: { versionId: draft.id } });
    const supplement = previous !== undefined;
    await recordActivity(trx, {
      actor,
      kind: supplement ? 'estimate-supplement-sent' : 'estimate-sent',
      item: { type: 'quote', id: request.id, label: request.reference },
      details: `version ${draft.number}`,
    });
    // The thread shows it too: the figures now and, for a supplement, against the version before.
    const priced = (versionId: number, vatNumber: string) =>
      presentLines(
        bothLines.filter((l) => l.version_id === versionId),
        vatNumber,
      );
    await postEstimateInThread(trx, {
      quoteRequestId: request.id,
      reference: request.reference,
      staffUserId: actor.userId,
      current: { number: draft.number, vatRegistered: settings.vat_number !== '', ...priced(draft.id, settings.vat_number) },
      previous: previous && { number: previous.number, ...priced(previous.id, previous.vat_number) },
      now,
    });
  });
  return getAdminEstimate(deps, quoteRequestId);
}
