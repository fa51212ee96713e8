/**
 * What changed between two versions of an estimate (estimates/estimate-changes.ts), with hand-worked
 * figures: lines added, removed and changed, matched by kind and words, and the VAT-inclusive
 * total's difference; and the words the supplement's mail and thread message make of it.
 */
import { describe, expect, it } from 'vitest';
import { priceLine } from '#shared/money/estimate-totals.ts';
import type { EstimateLine } from '#shared/schemas/estimates.ts';
import type { EstimateLineKind } from '#shared/value-sets.ts';
import { versionChanges, noLineChanged } from '#server/estimates/estimate-changes.ts';
import { changeLines, estimateThreadText, totalMove } from '#server/estimates/estimate-messages.ts';

function line(kind: EstimateLineKind, description: string, quantity: number, unit: number, vat = 2000): EstimateLine {
  const input = { kind, quantity, unit_price_pence: unit, vat_rate_bp: vat };
  return { ...input, description, ...priceLine(input) };
}
const version = (number: number, lines: EstimateLine[]) => ({
  number,
  lines,
  totals: { gross_pence: lines.reduce((sum, l) => sum + l.gross_pence, 0) },
});

const bumper = line('part', 'Rear bumper cover', 1, 18500); // £185 + £37 VAT = £222.00
const fit = line('labour', 'Fit and align bumper', 250, 5500); // 2.5 h × £55 = £137.50 + £27.50 = £165.00

describe('what changed between two versions', () => {
  it('finds a line added and a line changed, and the total up by their difference', () => {
    const moreFit = line('labour', 'Fit and align bumper', 350, 5500); // 3.5 h × £55 = £192.50 + £38.50 = £231.00
    const bracket = line('part', 'Bumper bracket', 2, 1250); // 2 × £12.50 = £25 + £5 = £30.00
    const changes = versionChanges(version(1, [bumper, fit]), version(2, [bumper, moreFit, bracket]));
    expect(changes.previous_number).toBe(1);
    expect(changes.added).toEqual([bracket]);
    expect(changes.removed).toEqual([]);
    expect(changes.changed).toEqual([{ before: fit, after: moreFit }]);
    // £387.00 before; £222 + £231 + £30 = £483.00 now: £96.00 more.
    expect(changes.previous_gross_pence).toBe(38700);
    expect(changes.difference_pence).toBe(9600);
    expect(totalMove(changes)).toBe('up by £96.00');
    expect(changeLines(changes)).toEqual(['Added: Bumper bracket (£30.00)', 'Changed: Fit and align bumper (£165.00 → £231.00)']);
    expect(noLineChanged(changes)).toBe(false);
  });

  it('finds a line removed and the total down; a line whose words changed is removed and added', () => {
    const paint = line('paint_materials', 'Paint', 1, 5000); // £50 + £10 = £60.00
    const renamed = line('part', 'Rear bumper cover (used)', 1, 9000); // £90 + £18 = £108.00
    const changes = versionChanges(version(2, [bumper, fit, paint]), version(3, [renamed, fit]));
    expect(changes.added).toEqual([renamed]);
    expect(changes.removed).toEqual([bumper, paint]);
    expect(changes.changed).toEqual([]);
    // £222 + £165 + £60 = £447.00 before; £108 + £165 = £273.00 now: £174.00 less.
    expect(changes.difference_pence).toBe(-17400);
    expect(totalMove(changes)).toBe('down by £174.00');
  });

  it('matches case and spaces aside, in order, so two lines of the same words pair with the two before', () => {
    const clip = line('part', 'Trim clip', 1, 100);
    const clips = line('part', 'Trim clip', 4, 100); // 4 × £1 + 20 % = £4.80
    const loud = line('part', '  TRIM   clip ', 1, 100);
    const changes = versionChanges(version(1, [clip, clip]), version(2, [loud, clips]));
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect(changes.changed).toEqual([{ before: clip, after: clips }]);
    expect(changes.difference_pence).toBe(360);
  });

  it('sees a VAT rate changed even at the same price, and nothing when only the notes changed', () => {
    const zero = line('part', 'Rear bumper cover', 1, 18500, 0);
    expect(versionChanges(version(1, [bumper]), version(2, [zero])).changed).toEqual([{ before: bumper, after: zero }]);
    const same = versionChanges(version(1, [bumper, fit]), version(2, [bumper, fit]));
    expect(noLineChanged(same)).toBe(true);
    expect(totalMove(same)).toBe('unchanged');
  });

  it('writes the thread message of an estimate and of a supplement', () => {
    expect(estimateThreadText({ reference: 'Q-1', number: 1, grossPence: 38700, vatRegistered: true, changes: null })).toMatch(
      /^We have sent you estimate Q-1: £387\.00 including VAT\. /,
    );
    const changes = versionChanges(version(1, [bumper, fit]), version(2, [bumper]));
    expect(estimateThreadText({ reference: 'Q-1', number: 2, grossPence: 22200, vatRegistered: false, changes })).toMatch(
      /^We have updated estimate Q-1 to version 2: £222\.00, down by £165\.00 on version 1 \(1 removed\)\. We need your agreement/,
    );
  });
});
