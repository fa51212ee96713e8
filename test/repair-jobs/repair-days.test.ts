import { describe, expect, it } from 'vitest';
import { daysInShopLabel, repairDays } from '#shared/repair-days.ts';

const LONDON = 'Europe/London';

describe('repairDays', () => {
  it('counts the shop’s calendar days, not 24-hour spans', () => {
    // Opened 23:30 London time (BST, 22:30 UTC); an hour later it is the next day in the shop.
    const job = { opened_at: '2026-06-01T22:30:00.000Z', promised_ready_on: '2026-06-05', collected_at: null };
    expect(repairDays(job, new Date('2026-06-01T23:30:00Z'), LONDON)).toEqual({ daysInShop: 1, overdueDays: 0 });
    expect(repairDays(job, new Date('2026-06-01T22:45:00Z'), LONDON).daysInShop).toBe(0);
  });

  it('flags a job past its promised ready date, not on the day itself', () => {
    const job = { opened_at: '2026-01-05T09:00:00.000Z', promised_ready_on: '2026-01-09', collected_at: null };
    expect(repairDays(job, new Date('2026-01-09T17:00:00Z'), LONDON)).toEqual({ daysInShop: 4, overdueDays: 0 });
    expect(repairDays(job, new Date('2026-01-12T08:00:00Z'), LONDON)).toEqual({ daysInShop: 7, overdueDays: 3 });
  });

  it('stops counting when the car is collected', () => {
    const job = {
      opened_at: '2026-01-05T09:00:00.000Z',
      promised_ready_on: '2026-01-09',
      collected_at: '2026-01-08T16:00:00.000Z',
    };
    expect(repairDays(job, new Date('2026-02-01T12:00:00Z'), LONDON)).toEqual({ daysInShop: 3, overdueDays: 0 });
  });

  it('words the days', () => {
    expect(daysInShopLabel(0)).toBe('In since today');
    expect(daysInShopLabel(1)).toBe('1 day in the shop');
    expect(daysInShopLabel(12)).toBe('12 days in the shop');
  });
});
