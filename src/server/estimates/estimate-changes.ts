/**
 * What changed between two versions of an estimate (a supplement): the lines added, removed and
 * changed (quantity, unit price, VAT rate or the line's VAT-inclusive price), and the VAT-inclusive
 * total before and its difference. Pure: the customer's page and the supplement's mail and thread
 * message all read it. Lines are matched by kind and description (case and spaces aside), in order,
 * so two lines with the same words pair with the two before them; a line whose words changed is a
 * line removed and one added.
 */
import { differencePence } from '#shared/money/estimate-totals.ts';
import type { EstimateChanges, EstimateLine } from '#shared/schemas/estimates.ts';

interface PricedVersion {
  number: number;
  lines: EstimateLine[];
  totals: { gross_pence: number };
}

const keyOf = (line: EstimateLine) => `${line.kind}\u0000${line.description.trim().replace(/\s+/g, ' ').toLowerCase()}`;

const sameFigures = (a: EstimateLine, b: EstimateLine) =>
  a.quantity === b.quantity &&
  a.unit_price_pence === b.unit_price_pence &&
  a.vat_rate_bp === b.vat_rate_bp &&
  a.gross_pence === b.gross_pence;

export function versionChanges(previous: PricedVersion, current: PricedVersion): EstimateChanges {
  const waiting = new Map<string, EstimateLine[]>();
  for (const line of previous.lines) {
    const list = waiting.get(keyOf(line));
    if (list) list.push(line);
    else waiting.set(keyOf(line), [line]);
  }
  const added: EstimateLine[] = [];
  const changed: EstimateChanges['changed'] = [];
  for (const line of current.lines) {
    const before = waiting.get(keyOf(line))?.shift();
    if (!before) added.push(line);
    else if (!sameFigures(before, line)) changed.push({ before, after: line });
  }
  const left = new Set([...waiting.values()].flat());
  return {
    previous_number: previous.number,
    added,
    removed: previous.lines.filter((line) => left.has(line)),
    changed,
    previous_gross_pence: previous.totals.gross_pence,
    difference_pence: differencePence(previous.totals.gross_pence, current.totals.gross_pence),
  };
}

/** True when the versions differ in no line (a supplement that only changed the note or the terms). */
export function noLineChanged(changes: EstimateChanges): boolean {
  return changes.added.length === 0 && changes.removed.length === 0 && changes.changed.length === 0;
}
