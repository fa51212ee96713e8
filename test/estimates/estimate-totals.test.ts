/**
 * The estimate's figures against sums worked by hand (docs/decisions/money-in-pence-and-vat-rounding.md):
 * whole pence, labour as hundredths of an hour at the rate, VAT per line rounded half up.
 */
import { describe, expect, it } from 'vitest';
import { estimateTotals, formatAmount, formatVatRate, priceLine } from '#shared/money/estimate-totals.ts';

describe('priceLine', () => {
  it('prices a part: 2 × £45.99 = £91.98, VAT £18.396 → £18.40', () => {
    expect(priceLine({ kind: 'part', quantity: 2, unit_price_pence: 4599, vat_rate_bp: 2000 })).toEqual({
      net_pence: 9198,
      vat_pence: 1840,
      gross_pence: 11038,
    });
  });

  it('prices labour as hundredths of an hour: 1.33 h × £47.50 = £63.175 → £63.18, VAT £12.636 → £12.64', () => {
    expect(priceLine({ kind: 'labour', quantity: 133, unit_price_pence: 4750, vat_rate_bp: 2000 })).toEqual({
      net_pence: 6318,
      vat_pence: 1264,
      gross_pence: 7582,
    });
    expect(priceLine({ kind: 'labour', quantity: 250, unit_price_pence: 5500, vat_rate_bp: 2000 })).toEqual({
      net_pence: 13750,
      vat_pence: 2750,
      gross_pence: 16500,
    });
  });

  it('rounds a half penny of VAT up, and a smaller part down', () => {
    // 5 %: 10p → 0.5p → 1p; 30p → 1.5p → 2p; 29p → 1.45p → 1p.
    expect(priceLine({ kind: 'sundries', quantity: 1, unit_price_pence: 10, vat_rate_bp: 500 }).vat_pence).toBe(1);
    expect(priceLine({ kind: 'sundries', quantity: 1, unit_price_pence: 30, vat_rate_bp: 500 }).vat_pence).toBe(2);
    expect(priceLine({ kind: 'sundries', quantity: 1, unit_price_pence: 29, vat_rate_bp: 500 }).vat_pence).toBe(1);
    // 20 %: 12p → 2.4p → 2p; 13p → 2.6p → 3p.
    expect(priceLine({ kind: 'part', quantity: 1, unit_price_pence: 12, vat_rate_bp: 2000 }).vat_pence).toBe(2);
    expect(priceLine({ kind: 'part', quantity: 1, unit_price_pence: 13, vat_rate_bp: 2000 }).vat_pence).toBe(3);
  });

  it('zero-rates a line', () => {
    expect(priceLine({ kind: 'sundries', quantity: 1, unit_price_pence: 1250, vat_rate_bp: 0 })).toEqual({
      net_pence: 1250,
      vat_pence: 0,
      gross_pence: 1250,
    });
  });

  it('refuses anything but whole non-negative numbers', () => {
    expect(() => priceLine({ kind: 'part', quantity: 1.5, unit_price_pence: 100, vat_rate_bp: 2000 })).toThrow(RangeError);
    expect(() => priceLine({ kind: 'part', quantity: 1, unit_price_pence: -1, vat_rate_bp: 2000 })).toThrow(RangeError);
  });
});

describe('estimateTotals', () => {
  it('adds the rounded lines (VAT per line) and summarises per rate', () => {
    const totals = estimateTotals([
      { kind: 'part', quantity: 2, unit_price_pence: 4599, vat_rate_bp: 2000 }, // 91.98 + 18.40
      { kind: 'labour', quantity: 250, unit_price_pence: 5500, vat_rate_bp: 2000 }, // 137.50 + 27.50
      { kind: 'labour', quantity: 133, unit_price_pence: 4750, vat_rate_bp: 2000 }, // 63.18 + 12.64
      { kind: 'paint_materials', quantity: 1, unit_price_pence: 8645, vat_rate_bp: 2000 }, // 86.45 + 17.29
      { kind: 'sundries', quantity: 1, unit_price_pence: 1250, vat_rate_bp: 0 }, // 12.50 + 0
    ]);
    expect(totals.net_pence).toBe(39161);
    // Per line: 18.40 + 27.50 + 12.64 + 17.29 = 75.83 (on the 20 % total it would be 379.11 × 0.2 = 75.822 → 75.82).
    expect(totals.vat_pence).toBe(7583);
    expect(totals.gross_pence).toBe(46744);
    expect(totals.by_rate).toEqual([
      { vat_rate_bp: 0, net_pence: 1250, vat_pence: 0 },
      { vat_rate_bp: 2000, net_pence: 37911, vat_pence: 7583 },
    ]);
    expect(totals.lines.map((l) => l.gross_pence)).toEqual([11038, 16500, 7582, 10374, 1250]);
  });

  it('is all zeros for no lines', () => {
    expect(estimateTotals([])).toEqual({ lines: [], net_pence: 0, vat_pence: 0, gross_pence: 0, by_rate: [] });
  });
});

describe('formatting', () => {
  it('writes pence as pounds and basis points as a percentage', () => {
    expect(formatAmount(46744)).toBe('£467.44');
    expect(formatAmount(123456789)).toBe('£1,234,567.89');
    expect(formatAmount(5)).toBe('£0.05');
    expect(formatVatRate(2000)).toBe('20%');
    expect(formatVatRate(0)).toBe('0%');
    expect(formatVatRate(550)).toBe('5.5%');
  });
});
