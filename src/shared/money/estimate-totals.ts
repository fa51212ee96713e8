/**
 * The one place an estimate's figures are worked out (docs/decisions/money-in-pence-and-vat-rounding.md):
 * every amount is whole pence, the arithmetic is dinero.js's (integers and scales, never a float),
 * and VAT is rounded per line, half up to the penny. Labour is hours (in hundredths) at the
 * shop's rate per hour; every other line is a quantity at a unit price ex VAT.
 */
import { add, dinero, multiply, subtract, toSnapshot, transformScale, halfUp, type Dinero } from 'dinero.js';
import { GBP } from 'dinero.js/currencies';
import type { EstimateLineKind } from '#shared/value-sets.ts';

/** A line as it is priced: for labour `quantity` is hours in hundredths (150: 1.5 hours) and the unit price is the rate per hour. */
export interface PricedLineInput {
  kind: EstimateLineKind;
  quantity: number;
  unit_price_pence: number;
  /** Basis points: 2000 is 20 %, 0 zero-rated. */
  vat_rate_bp: number;
}

export interface PricedLine {
  net_pence: number;
  vat_pence: number;
  gross_pence: number;
}

export interface VatRateTotal {
  vat_rate_bp: number;
  net_pence: number;
  vat_pence: number;
}

export interface EstimateTotals {
  lines: PricedLine[];
  net_pence: number;
  vat_pence: number;
  gross_pence: number;
  /** The VAT summary an estimate or invoice shows: one row per rate, lowest rate first. */
  by_rate: VatRateTotal[];
}

const pence = (amount: number): Dinero<number> => dinero({ amount, currency: GBP });

/** Back to whole pence, half up (halves away from zero: amounts here are never negative). */
function toPence(value: Dinero<number>): number {
  const snapshot = toSnapshot(transformScale(value, GBP.exponent, halfUp));
  return snapshot.amount;
}

function assertWhole(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of at least 0, not ${value}`);
}

export function priceLine(line: PricedLineInput): PricedLine {
  assertWhole('quantity', line.quantity);
  assertWhole('unit_price_pence', line.unit_price_pence);
  assertWhole('vat_rate_bp', line.vat_rate_bp);
  // Labour: rate × hours/100, rounded to the penny before VAT, so the line's net is what it shows.
  const net = toPence(
    line.kind === 'labour'
      ? multiply(pence(line.unit_price_pence), { amount: line.quantity, scale: 2 })
      : multiply(pence(line.unit_price_pence), line.quantity),
  );
  const vat = toPence(multiply(pence(net), { amount: line.vat_rate_bp, scale: 4 }));
  return { net_pence: net, vat_pence: vat, gross_pence: net + vat };
}

/** The lines' figures and the totals: the totals are the sums of the rounded lines (VAT per line). */
export function estimateTotals(lines: readonly PricedLineInput[]): EstimateTotals {
  const priced = lines.map(priceLine);
  const sum = (values: number[]) => toPence(values.reduce((acc, v) => add(acc, pence(v)), pence(0)));
  const rates = [...new Set(lines.map((l) => l.vat_rate_bp))].sort((a, b) => a - b);
  return {
    lines: priced,
    net_pence: sum(priced.map((p) => p.net_pence)),
    vat_pence: sum(priced.map((p) => p.vat_pence)),
    gross_pence: sum(priced.map((p) => p.gross_pence)),
    by_rate: rates.map((rate) => {
      const at = priced.filter((_, i) => lines[i]!.vat_rate_bp === rate);
      return { vat_rate_bp: rate, net_pence: sum(at.map((p) => p.net_pence)), vat_pence: sum(at.map((p) => p.vat_pence)) };
    }),
  };
}

/** `to` less `from` in pence (negative when it went down): a supplement's change to the total. */
export function differencePence(from: number, to: number): number {
  return toSnapshot(subtract(pence(to), pence(from))).amount;
}

/** "£1,234.56" from pence, for what a person reads. */
export function formatAmount(amount: number): string {
  const pounds = Math.trunc(amount / 100);
  const rest = String(Math.abs(amount % 100)).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}£${Math.abs(pounds).toLocaleString('en-GB')}.${rest}`;
}

/** "20%" or "0%" from basis points. */
export function formatVatRate(bp: number): string {
  return `${(bp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
}
