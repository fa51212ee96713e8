/**
 * How long a repair has been in the shop and whether it is past its promised ready date, both counted in
 * the shop's calendar days (a job opened at 23:30 in London has been in one day at 00:30, whatever UTC says).
 */
import { daysFrom, localMoment } from '#shared/calendar-date.ts';

export type RepairDays = { daysInShop: number; overdueDays: number };

export function repairDays(
  job: { opened_at: string; promised_ready_on: string; collected_at: string | null },
  now: Date,
  timeZone: string,
): RepairDays {
  // A collected job stopped counting the day it left.
  const until = job.collected_at ? new Date(job.collected_at) : now;
  const today = localMoment(until, timeZone).date;
  const opened = localMoment(new Date(job.opened_at), timeZone).date;
  return {
    daysInShop: Math.max(0, daysFrom(opened, today)),
    overdueDays: Math.max(0, daysFrom(job.promised_ready_on, today)),
  };
}

/** "In since today", "1 day in the shop", "12 days in the shop": the card's wording. */
export function daysInShopLabel(days: number): string {
  if (days === 0) return 'In since today';
  return `${days} ${days === 1 ? 'day' : 'days'} in the shop`;
}
