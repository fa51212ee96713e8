// The Needs you counts are capped (server/dashboard/needs-you-counts.service.ts): a count over a
// `limit`ed read, so a long queue costs no more than NEEDS_YOU_COUNT_CAP rows; from the cap on a
// count reads "99+".

/** The most each Needs you count counts. */
export const NEEDS_YOU_COUNT_CAP = 100;

/** A capped count (or a sum of them) as a person reads it: "99+" from the cap on. */
export function cappedCountLabel(count: number): string {
  return count >= NEEDS_YOU_COUNT_CAP ? `${NEEDS_YOU_COUNT_CAP - 1}+` : String(count);
}
