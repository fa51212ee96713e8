/**
 * How the shop's opening hours are written wherever a person reads them (the footer, the contact
 * page, "Open now, closes at 5pm", the call bar): the way a UK shop door says it, "9am to 5pm",
 * "9:30am to 12:30pm", "Closed". The stored hours and the JSON-LD keep 24-hour HH:MM (schema.org's
 * machine format); only words for people go through here.
 */
import type { OpeningRange } from '#shared/schemas/shop.ts';

/** A wall-clock time "HH:MM" as said on a shop door: "09:00" → "9am", "17:30" → "5:30pm", "12:00" → "12pm", "00:00" → "midnight". */
export function formatOpeningTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2]!;
  if (hours === 0 && minutes === '00') return 'midnight';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes === '00' ? '' : `:${minutes}`}${hours < 12 ? 'am' : 'pm'}`;
}

/** A day's hours: "9am to 5pm", "9am to 12:30pm, 1:30pm to 5pm", or "Closed" when it has no range. */
export function formatDayHours(ranges: readonly OpeningRange[]): string {
  return ranges.length
    ? ranges.map((range) => `${formatOpeningTime(range.opens)} to ${formatOpeningTime(range.closes)}`).join(', ')
    : 'Closed';
}
