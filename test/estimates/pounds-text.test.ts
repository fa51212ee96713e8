// The admin's amount fields (estimate settings, insurance claims) read pounds as whole pence by their digits.
import { describe, expect, it } from 'vitest';
import { poundsTextToPence } from '#shared/format/money.ts';

describe('an amount typed in pounds', () => {
  it('is whole pence, with or without £, pence and thousands commas', () => {
    expect(poundsTextToPence('55')).toBe(5500);
    expect(poundsTextToPence('£55.50')).toBe(5550);
    expect(poundsTextToPence(' 1,055.5 ')).toBe(105550);
    expect(poundsTextToPence('0.07')).toBe(7);
    expect(poundsTextToPence('250.10')).toBe(25010);
  });

  it('is nothing when it is not an amount', () => {
    for (const text of ['', 'abc', '55.555', '-5', '1e3', '£', '12345678']) expect(poundsTextToPence(text)).toBeNull();
  });
});
