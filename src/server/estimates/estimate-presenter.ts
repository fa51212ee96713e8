/**
 * A version as the admin and the customer read it: its lines priced and its totals, all from the
 * one money module (shared/money/estimate-totals.ts); the content hash of a version about to be
 * sent (what changed from the version before: estimate-changes.ts).
 */
import { createHash } from 'node:crypto';
import { estimateTotals } from '#shared/money/estimate-totals.ts';
import type { EstimateLine, EstimateSettings, EstimateVersion } from '#shared/schemas/estimates.ts';
import type { EstimateLineRow } from './estimate-lines.repository.ts';
import type { EstimateVersionRow } from './estimate-versions.repository.ts';
import type { EstimateSettingsRow } from './estimate-settings.repository.ts';

const isoOrNull = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Without a VAT number the shop charges no VAT: every line is priced at 0 %, whatever its rate says. */
function effectiveRate(line: EstimateLineRow, vatNumber: string): number {
  return vatNumber === '' ? 0 : line.vat_rate_bp;
}

export function presentLines(lines: EstimateLineRow[], vatNumber: string) {
  const totals = estimateTotals(
    lines.map((l) => ({
      kind: l.kind,
      quantity: l.quantity,
      unit_price_pence: l.unit_price_pence,
      vat_rate_bp: effectiveRate(l, vatNumber),
    })),
  );
  const presented: EstimateLine[] = lines.map((l, i) => ({
    kind: l.kind,
    description: l.description,
    quantity: l.quantity,
    unit_price_pence: l.unit_price_pence,
    vat_rate_bp: effectiveRate(l, vatNumber),
    ...totals.lines[i]!,
  }));
  return {
    lines: presented,
    totals: { net_pence: totals.net_pence, vat_pence: totals.vat_pence, gross_pence: totals.gross_pence, by_rate: totals.by_rate },
  };
}

export function presentVersion(row: EstimateVersionRow, lines: EstimateLineRow[], settings: EstimateSettingsRow): EstimateVersion {
  // A draft follows today's settings; a sent version keeps what it was sent with.
  const sent = row.status !== 'draft';
  const vatNumber = sent ? row.vat_number : settings.vat_number;
  const priced = presentLines(lines, vatNumber);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    notes: row.notes,
    labour_rate_pence: sent ? row.labour_rate_pence : settings.labour_rate_pence,
    vat_registered: vatNumber !== '',
    vat_number: vatNumber,
    terms: sent ? row.terms : settings.terms,
    content_hash: row.content_hash,
    sent_at: isoOrNull(row.sent_at),
    valid_until: isoOrNull(row.valid_until),
    answered_at: isoOrNull(row.answered_at),
    accepted_name: row.accepted_name,
    has_signature: row.accepted_signature !== null,
    start_within_cancellation: row.start_within_cancellation,
    decline_reason: row.decline_reason,
    ...priced,
  };
}

export function presentSettings(row: EstimateSettingsRow): EstimateSettings {
  return {
    labour_rate_pence: row.labour_rate_pence,
    vat_number: row.vat_number,
    vat_registered: row.vat_number !== '',
    validity_days: row.validity_days,
    terms: row.terms,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The hash a sent version keeps and an acceptance names: sha256 over what the customer is shown
 * (number, lines, rate, VAT number, terms, note, validity), in a fixed order, so an acceptance is
 * of exactly those words and figures.
 */
export function versionContentHash(version: {
  estimate_id: number;
  number: number;
  notes: string;
  labour_rate_pence: number;
  vat_number: string;
  terms: string;
  valid_until: Date;
  lines: EstimateLineRow[];
}): string {
  const canonical = JSON.stringify([
    version.estimate_id,
    version.number,
    version.notes,
    version.labour_rate_pence,
    version.vat_number,
    version.terms,
    version.valid_until.toISOString(),
    version.lines.map((l) => [l.position, l.kind, l.description, l.quantity, l.unit_price_pence, l.vat_rate_bp]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
